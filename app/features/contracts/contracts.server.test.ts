import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  accessLog,
  contractTemplates,
  modelContracts,
  onboardingSteps,
  outbox,
  submissionOnboardingSteps as herSteps,
} from "#app/db/schema.server.ts";
import { eraseApplications } from "#app/features/privacy/erasure.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { pdfText } from "#app/test/pdf-text.ts";
import { encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { contractPdf } from "./contract-pdf.server.ts";
import {
  contractOfModel,
  contractRecord,
  countersignContract,
  offerContract,
  contractsToCountersign,
  sha256,
  signContract,
  signedContractOf,
  withdrawConsent,
  withdrawOffer,
  type SignInput,
} from "./contracts.server.ts";
import { contractsForExport } from "./privacy.server.ts";
import { saveAgencyParty, saveTemplate, templatesOf } from "./templates.server.ts";

const BODY = [
  "## 1. Partes",
  "{{agency_legal_name}}, CNPJ {{agency_cnpj}}, e {{legal_name}}, documento terminado em {{document_last_digits}}.",
  "",
  "## 2. Remuneração",
  "- A agência recebe {{agency_share}} dos ganhos brutos.",
  "- Início em {{start_date}}.",
].join("\n");

describe.each(databaseTargets)("her contract on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let admin: { id: string; ip: string };
  const signContext = (confirm: "ok" | "wrong" = "ok") => ({
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (iPhone) Teste",
    method: "password" as const,
    confirm: async () => confirm,
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    admin = {
      id: await insertAccount(database.db, {
        email: `admin.${marker}@example.com`,
        name: "Beatriz Admin",
        role: "admin",
      }),
      ip: "198.51.100.1",
    };
  });
  afterAll(() => database?.close());

  /** An approved application with her document encrypted, and her (verified) account. */
  async function approvedModel(name: string, language = "pt") {
    const email = `${name.split(" ")[0]!.toLowerCase()}.${marker}@example.com`;
    const id = await insertApplicationRow(database.db, {
      fullName: name,
      email,
      language,
      documentEncrypted: encrypt("123.456.789-09", getEncryptionKey().key),
      documentLastDigits: "09",
    });
    const decided = await changeStatus(database.db, {
      submissionId: id,
      from: "Pendente",
      to: "Aprovado",
      actor: { id: admin.id, role: "admin" },
    });
    if (decided.outcome !== "changed") throw new Error(decided.outcome);
    const userId = await insertAccount(database.db, { email, name, emailVerified: true });
    return { id, viewer: { id: userId, email, emailVerified: true } };
  }

  const contractRow = async (id: number) =>
    (await database.db.select().from(modelContracts).where(eq(modelContracts.id, id)))[0]!;

  const contractStep = async (submissionId: number) =>
    (
      await database.db
        .select({ state: herSteps.state })
        .from(herSteps)
        .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
        .where(and(eq(herSteps.submissionId, submissionId), eq(onboardingSteps.key, "contract")))
    )[0]?.state;

  const terms = { shareBasisPoints: 3333, startsOn: "2026-12-01" };

  it("offers nothing before a template and the agency's details exist", async () => {
    const { id } = await approvedModel("Alice Teixeira");
    expect(await offerContract(database.db, id, terms, admin)).toEqual({ outcome: "no-template" });
    await saveTemplate(
      database.db,
      { language: "pt", title: "Contrato de agenciamento", body: BODY, publish: true },
      admin,
    );
    expect(await offerContract(database.db, id, terms, admin)).toEqual({ outcome: "no-agency" });
    await saveAgencyParty(
      database.db,
      { legalName: "Maré Talent Agenciamento Ltda.", cnpj: "11222333000181" },
      admin,
    );
    const pending = await insertApplicationRow(database.db, { fullName: "Pendente Souza" });
    expect(await offerContract(database.db, pending, terms, admin)).toEqual({
      outcome: "not-approved",
    });
  });

  it("publishes versions in order, keeps a draft apart, and never rewrites a published one", async () => {
    const first = await templatesOf(database.db, "pt");
    const v1 = first.versions.at(-1)!;
    expect(v1.version).toBe(1);
    expect(
      await saveTemplate(
        database.db,
        { language: "pt", title: "Rascunho", body: "x", publish: false },
        admin,
      ),
    ).toBeNull();
    const drafted = await templatesOf(database.db, "pt");
    expect(drafted.draft?.title).toBe("Rascunho");
    expect(drafted.versions.map((version) => version.version)).toEqual([1]);
    const log = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(eq(accessLog.action, "settings.contract-template"));
    expect(log.map((row) => row.details)).toContainEqual({
      language: "pt",
      change: "publish",
      version: 1,
    });
  });

  it("fixes her text at the offer: her name, her document's last four digits (decrypted), the terms, and its SHA-256", async () => {
    const { id } = await approvedModel("Bruna Lima");
    const offered = await offerContract(database.db, id, terms, admin);
    // Offered is not agreed: no share comes from it yet.
    expect(await signedContractOf(database.db, id)).toBeUndefined();
    expect(offered.outcome).toBe("offered");
    const row = await contractRow((offered as { id: number }).id);
    expect(row.text).toContain("Bruna Lima, documento terminado em 8909.");
    expect(row.text).toMatch(/33,33\s?% dos ganhos brutos/);
    expect(row.text).toContain("Maré Talent Agenciamento Ltda., CNPJ 11.222.333/0001-81");
    expect(row.text).toContain("1 de dezembro de 2026");
    expect(row.textSha256).toBe(sha256(row.text));
    expect(row.agencyShareBasisPoints).toBe(3333);
    // One open offer at a time; withdrawn, another may be made.
    expect(await offerContract(database.db, id, terms, admin)).toEqual({ outcome: "open-offer" });
    expect(await withdrawOffer(database.db, id, row.id, admin)).toBe("done");
    expect(await withdrawOffer(database.db, id, row.id, admin)).toBe("conflict");
    expect(
      (await offerContract(database.db, id, { ...terms, shareBasisPoints: 2500 }, admin)).outcome,
    ).toBe("offered");
  });

  it("needs her document's number only for a contract that names it", async () => {
    // From the home page's form: no document number.
    const withoutDocument = async (name: string, language: string) => {
      const id = await insertApplicationRow(database.db, { fullName: name, language });
      await changeStatus(database.db, {
        submissionId: id,
        from: "Pendente",
        to: "Aprovado",
        actor: { id: admin.id, role: "admin" },
      });
      return id;
    };
    const portuguese = await withoutDocument("Elis Prado", "pt");
    expect(await offerContract(database.db, portuguese, terms, admin)).toEqual({
      outcome: "no-document",
    });
    await saveTemplate(
      database.db,
      {
        language: "sv",
        title: "Avtal",
        body: "## Parter\n\n{{legal_name}} och {{agency_legal_name}}.",
        publish: true,
      },
      admin,
    );
    const swedish = await withoutDocument("Elsa Berg", "sv");
    const offered = await offerContract(database.db, swedish, terms, admin);
    expect(offered.outcome).toBe("offered");
    expect((await contractRow((offered as { id: number }).id)).text).toContain(
      "Elsa Berg och Maré Talent Agenciamento Ltda.",
    );
  });

  it("offers her language's version when there is one, else the Portuguese", async () => {
    const german = await approvedModel("Clara Schmidt", "de");
    const inPortuguese = await offerContract(database.db, german.id, terms, admin);
    expect((await contractRow((inPortuguese as { id: number }).id)).language).toBe("pt");
    const italian = await approvedModel("Daria Rossi", "it");
    await saveTemplate(
      database.db,
      {
        language: "it",
        title: "Contratto",
        body: "Io, {{legal_name}}, {{agency_share}}.",
        publish: true,
      },
      admin,
    );
    const inItalian = await offerContract(database.db, italian.id, terms, admin);
    const row = await contractRow((inItalian as { id: number }).id);
    expect(row.language).toBe("it");
    expect(row.text).toBe("Io, Daria Rossi, 33,33%.");
  });

  it("refuses a signature with the wrong password, the wrong name, the box unticked or a changed text, storing nothing", async () => {
    const { id, viewer } = await approvedModel("Eva Gonçalves");
    const offered = (await offerContract(database.db, id, terms, admin)) as { id: number };
    const row = await contractRow(offered.id);
    const input: SignInput = {
      contractId: row.id,
      typedName: "Eva Gonçalves",
      agreed: true,
      shownSha256: row.textSha256,
    };
    expect(await signContract(database.db, viewer, input, signContext("wrong"))).toBe(
      "wrong-secret",
    );
    expect(
      await signContract(database.db, viewer, { ...input, typedName: "Eva Souza" }, signContext()),
    ).toBe("wrong-name");
    expect(
      await signContract(database.db, viewer, { ...input, agreed: false }, signContext()),
    ).toBe("not-agreed");
    expect(
      await signContract(
        database.db,
        viewer,
        { ...input, shownSha256: sha256(`${row.text} `) },
        signContext(),
      ),
    ).toBe("text-changed");
    // The stored text changed under her (as a hand edit would): what she was shown is no longer it.
    await database.db
      .update(modelContracts)
      .set({ text: `${row.text}!` })
      .where(eq(modelContracts.id, row.id));
    await database.db
      .update(modelContracts)
      .set({ textSha256: sha256(`${row.text}!`) })
      .where(eq(modelContracts.id, row.id));
    expect(await signContract(database.db, viewer, input, signContext())).toBe("text-changed");
    const after = await contractRow(row.id);
    expect(after.state).toBe("offered");
    expect(after.signedAt).toBeNull();
    expect(after.signedName).toBeNull();
  });

  it("never lets a model sign or read another model's contract", async () => {
    const owner = await approvedModel("Fabiana Rocha");
    const other = await approvedModel("Gisele Prado");
    const offered = (await offerContract(database.db, owner.id, terms, admin)) as { id: number };
    const row = await contractRow(offered.id);
    expect(await contractOfModel(database.db, other.viewer, row.id)).toBeUndefined();
    expect(
      await signContract(
        database.db,
        other.viewer,
        {
          contractId: row.id,
          typedName: "Fabiana Rocha",
          agreed: true,
          shownSha256: row.textSha256,
        },
        signContext(),
      ),
    ).toBe("missing");
    // Nor before her address is verified.
    expect(
      await contractOfModel(database.db, { ...owner.viewer, emailVerified: false }, row.id),
    ).toBeUndefined();
    expect((await contractRow(row.id)).state).toBe("offered");
  });

  it("signs, countersigns, completes her contract step, and prints the same SHA-256 in the PDF", async () => {
    const { id, viewer } = await approvedModel("Helena Araújo");
    const offered = (await offerContract(database.db, id, terms, admin)) as { id: number };
    const row = await contractRow(offered.id);
    expect(await countersignContract(database.db, id, row.id, "Beatriz Admin", admin)).toBe(
      "conflict",
    );
    const signed = await signContract(
      database.db,
      viewer,
      {
        contractId: row.id,
        typedName: "  helena   ARAUJO ",
        agreed: true,
        shownSha256: row.textSha256,
      },
      signContext(),
    );
    expect(signed).toBe("signed");
    const record = await contractRow(row.id);
    expect(record).toMatchObject({
      state: "signed",
      signedName: "helena ARAUJO",
      signedIp: "203.0.113.7",
      signedUserAgent: "Mozilla/5.0 (iPhone) Teste",
      signedWith: "password",
      text: row.text,
    });
    expect(record.textSha256).toBe(sha256(record.text));
    expect(await contractStep(id)).toBe("todo");
    // Her share is now read from the contract she signed.
    expect(await signedContractOf(database.db, id)).toMatchObject({
      id: row.id,
      shareBasisPoints: 3333,
    });
    // A second signature changes nothing.
    expect(
      await signContract(
        database.db,
        viewer,
        {
          contractId: row.id,
          typedName: "Helena Araújo",
          agreed: true,
          shownSha256: row.textSha256,
        },
        signContext(),
      ),
    ).toBe("not-offered");

    // A new version published later leaves her signed contract as it was.
    await saveTemplate(
      database.db,
      { language: "pt", title: "Contrato v2", body: "Outro texto, {{legal_name}}.", publish: true },
      admin,
    );
    expect(await contractRow(row.id)).toEqual(record);

    const signedPages = await pdfText(
      await contractPdf((await contractRecord(database.db, row.id))!),
    );
    expect(signedPages.length).toBeGreaterThanOrEqual(2);
    const audit = signedPages.at(-1)!;
    expect(audit.replace(/\s+/g, "")).toContain(record.textSha256);
    expect(audit).toContain("helena ARAUJO");
    expect(audit).toContain("203.0.113.7");
    expect(audit).toContain("UTC");
    expect(audit).toMatch(/UTC-03:00/);
    expect(audit).toContain("Ainda não contra-assinado.");
    expect(signedPages.join(" ").replace(/\s+/g, " ")).toContain(
      "Helena Araújo, documento terminado em 8909.",
    );

    const waiting = await contractsToCountersign(database.db, 100);
    expect(waiting.contracts).toContainEqual({
      submissionId: id,
      fullName: "Helena Araújo",
      signedAt: record.signedAt!.toISOString(),
    });
    expect(await countersignContract(database.db, id, row.id, "Beatriz Admin", admin)).toBe("done");
    expect(
      (await contractsToCountersign(database.db, 100)).contracts.map((c) => c.submissionId),
    ).not.toContain(id);
    expect(await contractStep(id)).toBe("done");
    const final = (await contractRecord(database.db, row.id))!;
    expect(final.state).toBe("countersigned");
    const finalAudit = (await pdfText(await contractPdf(final))).at(-1)!;
    expect(finalAudit).toContain("Beatriz Admin");
    expect(finalAudit.replace(/\s+/g, "")).toContain(record.textSha256);

    // She was told twice that a document is ready, with no figure and no term in the mail.
    const mails = await database.db
      .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.text, html: outbox.html })
      .from(outbox)
      .where(eq(outbox.recipient, viewer.email));
    const contractMails = mails.filter((mail) => mail.kind.startsWith("contract-"));
    expect(contractMails.map((mail) => mail.kind).sort()).toEqual([
      "contract-countersigned",
      "contract-signed",
    ]);
    for (const mail of contractMails) {
      for (const secret of ["33", "8909", "Araújo", record.textSha256, "203.0.113.7"]) {
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(secret);
      }
      expect(mail.text).toContain("Helena");
      expect(mail.text).toContain("/dashboard/model/contract");
    }
    const staffLog = await database.db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(
        and(eq(accessLog.action, "submission.contract"), eq(accessLog.subject, `submission:${id}`)),
      );
    expect(staffLog.map((entry) => (entry.details as { change: string }).change).sort()).toEqual([
      "countersigned",
      "offered",
    ]);
  });

  it("notes her withdrawal of consent beside the contract, leaving its text and signatures as they were", async () => {
    const { id, viewer } = await approvedModel("Irene Farias");
    const offered = (await offerContract(database.db, id, terms, admin)) as { id: number };
    expect(await withdrawConsent(database.db, viewer, offered.id)).toBe("conflict");
    const row = await contractRow(offered.id);
    await signContract(
      database.db,
      viewer,
      { contractId: row.id, typedName: "Irene Farias", agreed: true, shownSha256: row.textSha256 },
      signContext(),
    );
    const signed = await contractRow(row.id);
    expect(await withdrawConsent(database.db, viewer, row.id)).toBe("withdrawn");
    expect(await withdrawConsent(database.db, viewer, row.id)).toBe("conflict");
    const after = await contractRow(row.id);
    expect(after.consentWithdrawnAt).not.toBeNull();
    expect({ ...after, consentWithdrawnAt: null }).toEqual(signed);
  });

  it("exports her contracts whole, and on erasure keeps only the signed one, unchanged", async () => {
    const { id, viewer } = await approvedModel("Joana Duarte");
    const first = (await offerContract(database.db, id, terms, admin)) as { id: number };
    await withdrawOffer(database.db, id, first.id, admin);
    const second = (await offerContract(database.db, id, terms, admin)) as { id: number };
    const row = await contractRow(second.id);
    await signContract(
      database.db,
      viewer,
      { contractId: row.id, typedName: "Joana Duarte", agreed: true, shownSha256: row.textSha256 },
      signContext(),
    );
    const exported = (await contractsForExport(database.db, [id])).get(id)!;
    expect(exported.map((contract) => contract.state)).toEqual(["withdrawn", "signed"]);
    expect(exported[1]).toMatchObject({
      text: row.text,
      textSha256: row.textSha256,
      signedName: "Joana Duarte",
      signedIp: "203.0.113.7",
      templateVersion: expect.any(Number),
    });
    const signed = await contractRow(row.id);
    await database.db.transaction((tx) => eraseApplications(tx, [id]));
    const left = await database.db
      .select()
      .from(modelContracts)
      .where(eq(modelContracts.submissionId, id));
    expect(left).toEqual([signed]);
  });

  it("keeps the template's versions one per language and number", async () => {
    const rows = await database.db
      .select({ language: contractTemplates.language, version: contractTemplates.version })
      .from(contractTemplates)
      .where(eq(contractTemplates.language, "pt"));
    const numbers = rows.map((row) => row.version).filter((version) => version !== null);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
