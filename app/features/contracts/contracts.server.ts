import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Actor } from "#app/db/access-log.server.ts";
import { recordAccess } from "#app/db/access-log.server.ts";
import type { ContractState } from "#app/db/career-states.ts";
import type { Database, Reader, Transaction } from "#app/db/db.server.ts";
import { contractTemplates, modelContracts, submissions, user } from "#app/db/schema.server.ts";
import { completeStepByKey } from "#app/features/onboarding/steps.server.ts";
import { formatCnpj } from "#app/features/site/cnpj.ts";
import { decrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import { comparableName, fillContract, formatDay, formatShare } from "./contract-text.ts";
import { reachMilestone } from "#app/features/affiliates/commissions.server.ts";
import { tellContractReady } from "./mails.server.ts";
import { agencyParty, templateFor } from "./templates.server.ts";

/*
 * Her contract (issue 30; product.md section 8). Staff offer it from the published template in
 * her language with her terms; its text is filled in and fixed then, with its SHA-256. She signs
 * what she was shown (the form carries the hash of the text it showed); an admin countersigns,
 * which completes her onboarding's "contract" step. An offered contract may be withdrawn and
 * another offered; a signed one is never changed (only her later withdrawal of consent to future
 * processing is noted beside it).
 */

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Her application as an offer needs it, read under a lock that serialises offers to her. */
async function applicationForOffer(tx: Transaction, id: number) {
  const [row] = await tx
    .select({
      id: submissions.id,
      status: submissions.status,
      erasedAt: submissions.erasedAt,
      fullName: submissions.fullName,
      language: submissions.language,
      documentEncrypted: submissions.documentEncrypted,
    })
    .from(submissions)
    .where(eq(submissions.id, id))
    .for("update");
  return row;
}

/** The last four digits of her document number, decrypted (letters and punctuation dropped). */
function lastDigits(documentEncrypted: string | null): string | null {
  if (!documentEncrypted) return null;
  const digits = decrypt(documentEncrypted, getEncryptionKey().key).replace(/\D/g, "");
  return digits.length >= 4 ? digits.slice(-4) : null;
}

export type OfferOutcome =
  | { outcome: "offered"; id: number }
  | {
      outcome:
        | "missing"
        | "not-approved"
        | "open-offer"
        | "already-signed"
        | "no-template"
        | "no-agency"
        | "no-document";
    };

/**
 * Offers her a contract: the agency's share (basis points) and the start day, the published
 * template of her language (else Portuguese) filled in with her legal name (the application's
 * full name), her document's last four digits and the agency's party. One open offer at a time;
 * none once she has signed.
 */
export async function offerContract(
  db: Database,
  submissionId: number,
  terms: { shareBasisPoints: number; startsOn: string },
  actor: Actor,
): Promise<OfferOutcome> {
  return db.transaction(async (tx) => {
    const her = await applicationForOffer(tx, submissionId);
    if (!her) return { outcome: "missing" };
    if (her.status !== "Aprovado" || her.erasedAt) return { outcome: "not-approved" };
    const [open] = await tx
      .select({ state: modelContracts.state })
      .from(modelContracts)
      .where(
        and(eq(modelContracts.submissionId, submissionId), ne(modelContracts.state, "withdrawn")),
      )
      .limit(1);
    if (open) return { outcome: open.state === "offered" ? "open-offer" : "already-signed" };
    const template = await templateFor(tx, her.language);
    if (!template) return { outcome: "no-template" };
    const agency = await agencyParty(tx);
    if (!agency) return { outcome: "no-agency" };
    // Only a contract that names her document needs its number (an application from the home
    // page's form has none): the others are offered without it.
    const digits = lastDigits(her.documentEncrypted);
    if (!digits && template.body.includes("{{document_last_digits}}")) {
      return { outcome: "no-document" };
    }
    const text = fillContract(template.body, {
      legal_name: her.fullName,
      document_last_digits: digits ?? "",
      agency_share: formatShare(terms.shareBasisPoints, template.language),
      start_date: formatDay(terms.startsOn, template.language),
      agency_legal_name: agency.legalName,
      agency_cnpj: formatCnpj(agency.cnpj),
    });
    const [row] = await tx
      .insert(modelContracts)
      .values({
        submissionId,
        templateId: template.id,
        agencyShareBasisPoints: terms.shareBasisPoints,
        startsOn: terms.startsOn,
        language: template.language,
        text,
        textSha256: sha256(text),
        offeredBy: actor.id,
      })
      .returning({ id: modelContracts.id });
    await recordAccess(tx, "submission.contract", {
      actor,
      subject: `submission:${submissionId}`,
      details: {
        contract: row!.id,
        change: "offered",
        version: template.version,
        shareBasisPoints: terms.shareBasisPoints,
        startsOn: terms.startsOn,
      },
    });
    return { outcome: "offered", id: row!.id };
  });
}

/** A contract of this application, locked; undefined when the id is not one of hers. */
async function lockedContract(tx: Transaction, submissionId: number, contractId: number) {
  const [row] = await tx
    .select({
      id: modelContracts.id,
      state: modelContracts.state,
      submissionId: modelContracts.submissionId,
    })
    .from(modelContracts)
    .where(and(eq(modelContracts.id, contractId), eq(modelContracts.submissionId, submissionId)))
    .for("update");
  return row;
}

export type StaffChangeOutcome = "done" | "missing" | "conflict";

/** Takes back an offer she has not signed. */
export async function withdrawOffer(
  db: Database,
  submissionId: number,
  contractId: number,
  actor: Actor,
): Promise<StaffChangeOutcome> {
  return db.transaction(async (tx) => {
    const contract = await lockedContract(tx, submissionId, contractId);
    if (!contract) return "missing";
    if (contract.state !== "offered") return "conflict";
    await tx
      .update(modelContracts)
      .set({ state: "withdrawn" })
      .where(eq(modelContracts.id, contractId));
    await recordAccess(tx, "submission.contract", {
      actor,
      subject: `submission:${submissionId}`,
      details: { contract: contractId, change: "withdrawn" },
    });
    return "done";
  });
}

/**
 * The agency's countersignature: the admin's typed name and the time. Completes her onboarding's
 * contract step and tells her the final document is ready, in the same transaction.
 */
export async function countersignContract(
  db: Database,
  submissionId: number,
  contractId: number,
  typedName: string,
  actor: Actor,
): Promise<StaffChangeOutcome> {
  return db.transaction(async (tx) => {
    const contract = await lockedContract(tx, submissionId, contractId);
    if (!contract) return "missing";
    if (contract.state !== "signed") return "conflict";
    await tx
      .update(modelContracts)
      .set({
        state: "countersigned",
        countersignedName: typedName,
        countersignedBy: actor.id,
        countersignedAt: sql`now()`,
      })
      .where(eq(modelContracts.id, contractId));
    await completeStepByKey(tx, submissionId, "contract", actor.id);
    await recordAccess(tx, "submission.contract", {
      actor,
      subject: `submission:${submissionId}`,
      details: { contract: contractId, change: "countersigned" },
    });
    const [her] = await tx
      .select({
        email: submissions.email,
        fullName: submissions.fullName,
        language: submissions.language,
      })
      .from(submissions)
      .where(eq(submissions.id, submissionId));
    if (her?.email) await tellContractReady(tx, her, "countersigned");
    return "done";
  });
}

/** A contract as staff see it on her page (the text only through the PDF). */
export interface StaffContract {
  id: number;
  state: ContractState;
  version: number;
  language: string;
  shareBasisPoints: number;
  startsOn: string;
  textSha256: string;
  offeredAt: string;
  offeredBy: string | null;
  signedName: string | null;
  signedAt: string | null;
  signedWith: string | null;
  countersignedName: string | null;
  countersignedAt: string | null;
  consentWithdrawnAt: string | null;
}

const contractColumns = {
  id: modelContracts.id,
  state: modelContracts.state,
  version: contractTemplates.version,
  title: contractTemplates.title,
  language: modelContracts.language,
  shareBasisPoints: modelContracts.agencyShareBasisPoints,
  startsOn: modelContracts.startsOn,
  text: modelContracts.text,
  textSha256: modelContracts.textSha256,
  offeredAt: modelContracts.offeredAt,
  signedName: modelContracts.signedName,
  signedAt: modelContracts.signedAt,
  signedIp: modelContracts.signedIp,
  signedUserAgent: modelContracts.signedUserAgent,
  signedWith: modelContracts.signedWith,
  countersignedName: modelContracts.countersignedName,
  countersignedAt: modelContracts.countersignedAt,
  consentWithdrawnAt: modelContracts.consentWithdrawnAt,
  submissionId: modelContracts.submissionId,
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Her application's contracts, newest first, as her page's panel lists them. */
export async function contractsOfApplication(
  db: Reader,
  submissionId: number,
): Promise<StaffContract[]> {
  const rows = await db
    .select({ ...contractColumns, offeredBy: user.name })
    .from(modelContracts)
    .innerJoin(contractTemplates, eq(contractTemplates.id, modelContracts.templateId))
    .leftJoin(user, eq(user.id, modelContracts.offeredBy))
    .where(eq(modelContracts.submissionId, submissionId))
    .orderBy(desc(modelContracts.offeredAt), desc(modelContracts.id));
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    version: row.version ?? 0,
    language: row.language,
    shareBasisPoints: row.shareBasisPoints,
    startsOn: row.startsOn,
    textSha256: row.textSha256,
    offeredAt: row.offeredAt.toISOString(),
    offeredBy: row.offeredBy,
    signedName: row.signedName,
    signedAt: iso(row.signedAt),
    signedWith: row.signedWith,
    countersignedName: row.countersignedName,
    countersignedAt: iso(row.countersignedAt),
    consentWithdrawnAt: iso(row.consentWithdrawnAt),
  }));
}

/** Everything a contract's PDF prints, or undefined. */
export async function contractRecord(db: Reader, contractId: number) {
  const [row] = await db
    .select({ ...contractColumns, countersignedBy: user.name })
    .from(modelContracts)
    .innerJoin(contractTemplates, eq(contractTemplates.id, modelContracts.templateId))
    .leftJoin(user, eq(user.id, modelContracts.countersignedBy))
    .where(eq(modelContracts.id, contractId));
  return row;
}
export type ContractRecord = NonNullable<Awaited<ReturnType<typeof contractRecord>>>;

/** The signed-in model's own applications: her verified address, not erased. */
const hers = (viewer: { email: string }) =>
  and(
    eq(submissions.emailNormalized, viewer.email.trim().toLowerCase()),
    isNull(submissions.erasedAt),
  );

export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * One of her contracts, by id, or undefined when it is not hers (or she has no verified
 * address): another model's id answers exactly as an id that does not exist. A withdrawn offer
 * is not hers to see.
 */
export async function contractOfModel(db: Reader, viewer: Viewer, contractId: number) {
  if (!viewer.emailVerified) return undefined;
  const [row] = await db
    .select({ ...contractColumns, countersignedBy: user.name })
    .from(modelContracts)
    .innerJoin(contractTemplates, eq(contractTemplates.id, modelContracts.templateId))
    .innerJoin(submissions, eq(submissions.id, modelContracts.submissionId))
    .leftJoin(user, eq(user.id, modelContracts.countersignedBy))
    .where(
      and(eq(modelContracts.id, contractId), ne(modelContracts.state, "withdrawn"), hers(viewer)),
    )
    .limit(1);
  return row;
}

/** Her contracts (not withdrawn offers), newest first: the one to sign or the signed ones. */
export async function contractsOfModel(db: Reader, viewer: Viewer) {
  if (!viewer.emailVerified) return [];
  return db
    .select(contractColumns)
    .from(modelContracts)
    .innerJoin(contractTemplates, eq(contractTemplates.id, modelContracts.templateId))
    .innerJoin(submissions, eq(submissions.id, modelContracts.submissionId))
    .where(and(ne(modelContracts.state, "withdrawn"), hers(viewer)))
    .orderBy(desc(modelContracts.offeredAt), desc(modelContracts.id))
    .limit(20);
}

export type SignInput = {
  contractId: number;
  typedName: string;
  agreed: boolean;
  /** The SHA-256 of the text the form showed. */
  shownSha256: string;
};

export type SignOutcome =
  | "signed"
  | "missing"
  | "not-offered"
  | "text-changed"
  | "not-agreed"
  | "wrong-name"
  | "wrong-secret"
  | "no-secret"
  | "limited";

/**
 * Her signature. Checked in order: the contract is hers and still offered, the text she was
 * shown is the stored one, the box is ticked, the name she typed is the contract's (without case
 * or accents), then `confirm` (her password or second factor, checked by the caller's auth);
 * then written under a lock that checks state and text again, with the record and her mail.
 */
export async function signContract(
  db: Database,
  viewer: Viewer,
  input: SignInput,
  context: {
    ip: string;
    userAgent: string;
    method: "password" | "totp";
    confirm: () => Promise<"ok" | "wrong" | "limited" | "no-secret">;
  },
): Promise<SignOutcome> {
  const contract = await contractOfModel(db, viewer, input.contractId);
  if (!contract) return "missing";
  if (contract.state !== "offered") return "not-offered";
  if (contract.textSha256 !== input.shownSha256) return "text-changed";
  if (!input.agreed) return "not-agreed";
  const [application] = await db
    .select({ fullName: submissions.fullName })
    .from(submissions)
    .where(eq(submissions.id, contract.submissionId));
  if (!application || comparableName(input.typedName) !== comparableName(application.fullName)) {
    return "wrong-name";
  }
  const confirmed = await context.confirm();
  if (confirmed === "limited" || confirmed === "no-secret") return confirmed;
  if (confirmed === "wrong") return "wrong-secret";
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: modelContracts.state, textSha256: modelContracts.textSha256 })
      .from(modelContracts)
      .where(eq(modelContracts.id, input.contractId))
      .for("update");
    if (locked?.state !== "offered") return "not-offered";
    if (locked.textSha256 !== input.shownSha256) return "text-changed";
    await tx
      .update(modelContracts)
      .set({
        state: "signed",
        signedName: input.typedName.trim().replace(/\s+/g, " "),
        signedAt: sql`now()`,
        signedIp: context.ip.slice(0, 100),
        signedUserAgent: context.userAgent.slice(0, 500),
        signedWith: context.method,
      })
      .where(eq(modelContracts.id, input.contractId));
    const [her] = await tx
      .select({
        email: submissions.email,
        fullName: submissions.fullName,
        language: submissions.language,
      })
      .from(submissions)
      .where(eq(submissions.id, contract.submissionId));
    if (her?.email) await tellContractReady(tx, her, "signed");
    await reachMilestone(tx, { submissionId: contract.submissionId, milestone: "contract-signed" });
    return "signed";
  });
}

/**
 * She withdraws her consent to future processing (LGPD art. 8 §5): noted once, with the time;
 * the contract's text and its signatures stay as they are. Only a signed contract has a consent
 * to withdraw.
 */
export async function withdrawConsent(
  db: Database,
  viewer: Viewer,
  contractId: number,
): Promise<"withdrawn" | "missing" | "conflict"> {
  const contract = await contractOfModel(db, viewer, contractId);
  if (!contract) return "missing";
  if (contract.state !== "signed" && contract.state !== "countersigned") return "conflict";
  const updated = await db
    .update(modelContracts)
    .set({ consentWithdrawnAt: sql`now()` })
    .where(and(eq(modelContracts.id, contractId), isNull(modelContracts.consentWithdrawnAt)))
    .returning({ id: modelContracts.id });
  return updated.length ? "withdrawn" : "conflict";
}

/**
 * Her page's contract panel (issue 30): her contracts and what the viewer may do. Null while she
 * is not approved and has no contract (the panel is not shown). Only admins offer, withdraw and
 * countersign; approvers see the panel and download the PDF.
 */
export async function contractPanelFor(
  db: Reader,
  application: { id: number; status: string; erasedAt: Date | string | null },
  viewer: { role: string },
  url: string,
) {
  const contracts = await contractsOfApplication(db, application.id);
  if (contracts.length === 0 && (application.status !== "Aprovado" || application.erasedAt)) {
    return null;
  }
  const template = await templateFor(db, "pt");
  return {
    contracts,
    mayAct: viewer.role === "admin",
    /** Whether any published template and the agency's party exist, so an offer can be made. */
    ready: Boolean(template) && Boolean(await agencyParty(db)),
    notice: new URL(url).searchParams.get("contract"),
  };
}
export type ContractPanelData = NonNullable<Awaited<ReturnType<typeof contractPanelFor>>>;

/** Her application as the contract's pages need it, or undefined. */
export async function applicationForContract(db: Reader, id: number) {
  const [row] = await db
    .select({
      id: submissions.id,
      fullName: submissions.fullName,
      status: submissions.status,
      erasedAt: submissions.erasedAt,
    })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row;
}

/**
 * A contract's PDF for staff: made from the stored record, its download written in the access
 * log (and so in her "who viewed my data"). Undefined when the id is not of this application.
 */
export async function staffContractPdf(
  db: Database,
  submissionId: number,
  contractId: number,
  actor: Actor,
) {
  const contract = await contractRecord(db, contractId);
  if (!contract || contract.submissionId !== submissionId) return undefined;
  await recordAccess(db, "submission.contract-pdf", {
    actor,
    subject: `submission:${submissionId}`,
    details: { contract: contractId },
  });
  return contract;
}

/**
 * The contract her earnings are shared by (issue 30: "the agency's percentage comes from her
 * contract"): her newest one she signed, countersigned or not, with its share in basis points;
 * undefined while she has signed none. For the statements.
 */
export async function signedContractOf(db: Reader, submissionId: number) {
  const [row] = await db
    .select({
      id: modelContracts.id,
      state: modelContracts.state,
      shareBasisPoints: modelContracts.agencyShareBasisPoints,
      startsOn: modelContracts.startsOn,
    })
    .from(modelContracts)
    .where(
      and(
        eq(modelContracts.submissionId, submissionId),
        inArray(modelContracts.state, ["signed", "countersigned"]),
      ),
    )
    .orderBy(desc(modelContracts.signedAt), desc(modelContracts.id))
    .limit(1);
  return row;
}

/** The contracts she signed that wait for the agency's countersignature, oldest first (the dashboard). */
export async function contractsToCountersign(db: Reader, limit = 10) {
  const rows = await db
    .select({
      submissionId: modelContracts.submissionId,
      fullName: submissions.fullName,
      signedAt: modelContracts.signedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(modelContracts)
    .innerJoin(submissions, eq(submissions.id, modelContracts.submissionId))
    .where(eq(modelContracts.state, "signed"))
    .orderBy(modelContracts.signedAt, modelContracts.id)
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    contracts: rows.map((row) => ({
      submissionId: row.submissionId,
      fullName: row.fullName,
      signedAt: row.signedAt!.toISOString(),
    })),
  };
}
export type CountersignWaiting = Awaited<ReturnType<typeof contractsToCountersign>>;
