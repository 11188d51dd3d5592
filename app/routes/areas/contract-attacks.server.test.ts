import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import type { Role } from "#app/db/roles.ts";
import {
  account,
  accessLog,
  contractTemplates,
  modelContracts,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { offerContract } from "#app/features/contracts/contracts.server.ts";
import { SIGN_LIMIT } from "#app/features/contracts/confirm.server.ts";
import { saveAgencyParty, saveTemplate } from "#app/features/contracts/templates.server.ts";
import { changeStatus } from "#app/features/submissions/review.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { browserRequests, callRoute } from "#app/test/routes.ts";
import { enableAuthenticator, passwordStep, codeStep } from "#app/test/two-factor.server.ts";
import { totp } from "../../../tests/e2e/accounts.ts";
import { encrypt, getEncryptionKey } from "#app/utils/encryption.server.ts";
import * as templatesRoute from "../admin/contracts.tsx";
import * as staffPdfRoute from "../admin/submission-contract-pdf.ts";
import * as staffRoute from "../admin/submission-contract.tsx";
import * as pdfRoute from "./contract-pdf.ts";
import * as signingRoute from "./contract.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * Her contract's routes (issue 30) as their users and their attackers call them: a visitor, an
 * affiliate and an editor get none of them; a model gets only her own contract, never another's
 * by its id; an approver sees her contract and its PDF but neither writes a template nor offers
 * nor countersigns; a signing post from another site, with a wrong password, for a text changed
 * since it was shown, or after too many wrong passwords is refused with nothing stored.
 */
const PASSWORD = "contrato-assinado-no-painel-2026!";
const people = ["approver", "admin", "editor", "affiliate", "lia", "mia", "nina"] as const;
type Who = (typeof people)[number];
const roleOf = (who: Who): Role =>
  who === "lia" || who === "mia" || who === "nina" ? "model" : (who as Role);

describe.each(routeTestTargets)("her contract's routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const applications = {} as Record<"lia" | "mia" | "nina", number>;
  const contracts = {} as Record<"lia" | "mia" | "nina", { id: number; sha: string }>;

  const request = (path: string, who?: Who, form?: Record<string, string>, origin = TEST_ORIGIN) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin,
        "user-agent": "Mozilla/5.0 (Teste)",
        "x-client-ip": "203.0.113.50",
        ...(who ? { cookie: cookies[who] } : {}),
      },
    });

  const contractState = async (id: number) =>
    (
      await (
        await getDatabase()
      )
        .select({ state: modelContracts.state, signedAt: modelContracts.signedAt })
        .from(modelContracts)
        .where(eq(modelContracts.id, id))
    )[0]!;

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const who of people) {
      const account = await signedInAccount({
        email: `${who}.${marker}@example.com`,
        name: `${who} Souza`,
        role: roleOf(who),
        password: PASSWORD,
        origin: TEST_ORIGIN,
      });
      cookies[who] = account.cookie;
      ids[who] = account.id;
    }
    const db = await getDatabase();
    const admin = { id: ids.admin, ip: "198.51.100.2" };
    await saveTemplate(
      db,
      {
        language: "pt",
        title: "Contrato",
        body: "Eu, {{legal_name}}: {{agency_share}}.",
        publish: true,
      },
      admin,
    );
    await saveAgencyParty(db, { legalName: "Maré Talent Ltda.", cnpj: "11222333000181" }, admin);
    for (const who of ["lia", "mia", "nina"] as const) {
      const id = await insertApplicationRow(db, {
        fullName: `${who} Souza`,
        email: `${who}.${marker}@example.com`,
        documentEncrypted: encrypt("98765432100", getEncryptionKey().key),
      });
      await changeStatus(db, {
        submissionId: id,
        from: "Pendente",
        to: "Aprovado",
        actor: { id: ids.admin, role: "admin" },
      });
      applications[who] = id;
      const offered = await offerContract(
        db,
        id,
        { shareBasisPoints: 3000, startsOn: "2026-12-01" },
        admin,
      );
      if (offered.outcome !== "offered") throw new Error(offered.outcome);
      const [row] = await db
        .select({ sha: modelContracts.textSha256 })
        .from(modelContracts)
        .where(eq(modelContracts.id, offered.id));
      contracts[who] = { id: offered.id, sha: row!.sha };
    }
  }, paced(120_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(inArray(submissions.id, Object.values(applications)));
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  interface RouteCase {
    name: string;
    handler: unknown;
    path: string;
    params?: Record<string, string>;
    form?: Record<string, string>;
  }
  const staffRoutes = (): RouteCase[] => [
    { name: "the templates", handler: templatesRoute.loader, path: "/admin/contracts" },
    {
      name: "publishing a template",
      handler: templatesRoute.action,
      path: "/admin/contracts",
      form: { intent: "publish", language: "pt", title: "Falso", body: "Nada." },
    },
    {
      name: "her panel's page",
      handler: staffRoute.loader,
      path: `/admin/cadastros/${applications.lia}/contract`,
      params: { id: String(applications.lia) },
    },
    {
      name: "countersigning",
      handler: staffRoute.action,
      path: `/admin/cadastros/${applications.lia}/contract`,
      params: { id: String(applications.lia) },
      form: { intent: "countersign", contract: String(contracts.lia.id), name: "Intrusa" },
    },
    {
      name: "the staff's PDF",
      handler: staffPdfRoute.loader,
      path: `/admin/cadastros/${applications.lia}/contract/${contracts.lia.id}/pdf`,
      params: { id: String(applications.lia), contract: String(contracts.lia.id) },
    },
  ];
  const modelRoutes = (): RouteCase[] => [
    {
      name: "her contract's page",
      handler: signingRoute.loader,
      path: "/dashboard/model/contract",
    },
    {
      name: "signing",
      handler: signingRoute.action,
      path: "/dashboard/model/contract",
      form: {
        intent: "sign",
        contract: String(contracts.lia.id),
        sha256: contracts.lia.sha,
        name: "lia Souza",
        agree: "yes",
        secret: PASSWORD,
      },
    },
    {
      name: "her PDF",
      handler: pdfRoute.loader,
      path: `/dashboard/model/contract/${contracts.lia.id}/pdf`,
      params: { contract: String(contracts.lia.id) },
    },
  ];

  const expectRefused = async (route: RouteCase, who: Who | undefined) => {
    const answer = await callRoute(
      route.handler as never,
      request(route.path, who, route.form),
      route.params,
    );
    expect(answer.status, `${route.name} as ${who ?? "visitor"}`).toBe(302);
    expect(answer.location, `${route.name} as ${who ?? "visitor"}`).toMatch(
      who ? /^\/permission-denied/ : /^\/login\?/,
    );
  };

  it("sends a visitor to sign in, and an affiliate or an editor away, on every route", async () => {
    for (const route of [...staffRoutes(), ...modelRoutes()]) {
      for (const who of [undefined, "affiliate", "editor"] as const)
        await expectRefused(route, who);
    }
    for (const route of staffRoutes()) await expectRefused(route, "lia");
    for (const route of modelRoutes()) {
      await expectRefused(route, "approver");
      await expectRefused(route, "admin");
    }
    expect((await contractState(contracts.lia.id)).state).toBe("offered");
  });

  it("lets an approver see her contract and its PDF, never write a template, offer or countersign", async () => {
    const [templates, publish, , countersign, pdf] = staffRoutes();
    await expectRefused(templates!, "approver");
    await expectRefused(publish!, "approver");
    await expectRefused(countersign!, "approver");
    await expectRefused(
      {
        name: "offering",
        handler: staffRoute.action,
        path: `/admin/cadastros/${applications.lia}/contract`,
        params: { id: String(applications.lia) },
        form: { intent: "withdraw", contract: String(contracts.lia.id) },
      },
      "approver",
    );
    const db = await getDatabase();
    const published = await db
      .select({ title: contractTemplates.title })
      .from(contractTemplates)
      .where(eq(contractTemplates.title, "Falso"));
    expect(published).toEqual([]);
    const file = await callRoute(
      pdf!.handler as never,
      request(pdf!.path, "approver"),
      pdf!.params,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("no-store");
    const logged = await db
      .select({ actorId: accessLog.actorId, details: accessLog.details })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "submission.contract-pdf"),
          eq(accessLog.subject, `submission:${applications.lia}`),
        ),
      );
    expect(logged).toEqual([{ actorId: ids.approver, details: { contract: contracts.lia.id } }]);
    // A contract fetched through another application's address is not found.
    const elsewhere = await callRoute(
      staffPdfRoute.loader as never,
      request(`/admin/cadastros/${applications.mia}/contract/${contracts.lia.id}/pdf`, "admin"),
      { id: String(applications.mia), contract: String(contracts.lia.id) },
    );
    expect(elsewhere.status).toBe(404);
  });

  it("refuses an admin's template with an unknown variable or a CNPJ with wrong digits, naming what is wrong", async () => {
    const unknown = await callRoute(
      templatesRoute.action as never,
      request("/admin/contracts", "admin", {
        intent: "publish",
        language: "es",
        title: "Contrato",
        body: "Yo, {{nombre}} y {{legal_name}}.",
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({
      errors: { body: "contracts.errors.unknownVariables" },
      unknown: ["{{nombre}}"],
      values: { body: "Yo, {{nombre}} y {{legal_name}}." },
    });
    const cnpj = await callRoute(
      templatesRoute.action as never,
      request("/admin/contracts", "admin", {
        intent: "agency",
        legalName: "Maré",
        cnpj: "11.222.333/0001-82",
      }),
    );
    expect(cnpj.status).toBe(400);
    expect(cnpj.data).toMatchObject({ errors: { cnpj: "contracts.errors.cnpj" } });
    const db = await getDatabase();
    expect(
      await db.select().from(contractTemplates).where(eq(contractTemplates.language, "es")),
    ).toEqual([]);
  });

  it("never gives a model another model's contract or PDF by its id, nor lets her sign it", async () => {
    const pdf = await callRoute(
      pdfRoute.loader as never,
      request(`/dashboard/model/contract/${contracts.lia.id}/pdf`, "mia"),
      { contract: String(contracts.lia.id) },
    );
    expect(pdf.status).toBe(404);
    const sign = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "mia", {
        intent: "sign",
        contract: String(contracts.lia.id),
        sha256: contracts.lia.sha,
        name: "lia Souza",
        agree: "yes",
        secret: PASSWORD,
      }),
    );
    expect(sign.status).toBe(404);
    // Her own page shows her own contract only.
    const page = await callRoute(
      signingRoute.loader as never,
      request("/dashboard/model/contract", "mia"),
    );
    expect((page.data as unknown as { page: { contract: { id: number } } }).page.contract.id).toBe(
      contracts.mia.id,
    );
    expect((await contractState(contracts.lia.id)).signedAt).toBeNull();
  });

  const signing = (who: "lia" | "mia" | "nina", overrides: Record<string, string> = {}) => ({
    intent: "sign",
    contract: String(contracts[who].id),
    sha256: contracts[who].sha,
    name: `${who} Souza`,
    agree: "yes",
    secret: PASSWORD,
    ...overrides,
  });

  it("refuses a forged signing post from another site, a wrong password, a changed text; then signs with her password", async () => {
    const forged = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "lia", signing("lia"), "https://evil.example"),
    );
    expect(forged.status).toBe(403);
    const wrong = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "lia", signing("lia", { secret: "not-her-password" })),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      error: "contracts.errors.wrongSecret",
      field: "secret",
      typed: { name: "lia Souza" },
    });
    expect(JSON.stringify(wrong.data)).not.toContain("not-her-password");
    const changed = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "lia", signing("lia", { sha256: "a".repeat(64) })),
    );
    expect(changed.status).toBe(409);
    const unticked = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "lia", signing("lia", { agree: "" })),
    );
    expect(unticked.status).toBe(400);
    expect((await contractState(contracts.lia.id)).state).toBe("offered");

    const signed = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "lia", signing("lia", { name: "LIA souza" })),
    );
    expect(signed.status).toBe(303);
    expect(signed.location).toBe("/dashboard/model/contract?done=signed");
    const [row] = await (
      await getDatabase()
    )
      .select()
      .from(modelContracts)
      .where(eq(modelContracts.id, contracts.lia.id));
    expect(row).toMatchObject({
      state: "signed",
      signedName: "LIA souza",
      signedIp: "203.0.113.50",
      signedUserAgent: "Mozilla/5.0 (Teste)",
      signedWith: "password",
    });
    const own = await callRoute(
      pdfRoute.loader as never,
      request(`/dashboard/model/contract/${contracts.lia.id}/pdf`, "lia"),
      { contract: String(contracts.lia.id) },
    );
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect(own.headers.get("content-disposition")).toContain(`contract-${contracts.lia.id}.pdf`);

    // An admin countersigns on her page: the step completes, she is sent back to the panel.
    const countersigned = await callRoute(
      staffRoute.action as never,
      request(`/admin/cadastros/${applications.lia}/contract`, "admin", {
        intent: "countersign",
        contract: String(contracts.lia.id),
        name: "admin Souza",
      }),
      { id: String(applications.lia) },
    );
    expect(countersigned.status).toBe(303);
    expect((await contractState(contracts.lia.id)).state).toBe("countersigned");
  });

  it("stops guessing her password after a few wrong ones, even when the next one is right", async () => {
    for (let attempt = 0; attempt < SIGN_LIMIT.limit; attempt++) {
      const wrong = await callRoute(
        signingRoute.action as never,
        request(
          "/dashboard/model/contract",
          "nina",
          signing("nina", { secret: `guess-${attempt}` }),
        ),
      );
      expect(wrong.status).toBe(400);
    }
    const limited = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "nina", signing("nina")),
    );
    expect(limited.status).toBe(429);
    expect((await contractState(contracts.nina.id)).state).toBe("offered");
    // An account of Google's only (no password, no second factor) is told how to get one.
    await (
      await getDatabase()
    )
      .delete(account)
      .where(and(eq(account.userId, ids.nina), eq(account.providerId, "credential")));
    const noSecret = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "nina", signing("nina")),
    );
    expect(noSecret.status).toBe(409);
    expect(noSecret.data).toMatchObject({ error: "contracts.errors.noSecret" });
  });

  it("asks a model with two-step sign-in on for her authenticator's code, not her password", async () => {
    const secret = await enableAuthenticator({
      cookie: cookies.mia,
      password: PASSWORD,
      origin: TEST_ORIGIN,
    });
    // Turning it on renewed her session: she signs in again, password then code.
    const browser = browserRequests(TEST_ORIGIN, { ip: () => "203.0.113.51" });
    const jar = await passwordStep(browser, {
      email: `mia.${marker}@example.com`,
      password: PASSWORD,
    });
    jar.take((await codeStep(browser, jar, { code: totp(secret) })).headers);
    cookies.mia = jar.header;
    const withPassword = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "mia", signing("mia")),
    );
    expect(withPassword.status).toBe(400);
    expect(withPassword.data).toMatchObject({ error: "contracts.errors.wrongSecret" });
    const signed = await callRoute(
      signingRoute.action as never,
      request("/dashboard/model/contract", "mia", signing("mia", { secret: totp(secret) })),
    );
    expect(signed.status).toBe(303);
    const [row] = await (
      await getDatabase()
    )
      .select({ state: modelContracts.state, signedWith: modelContracts.signedWith })
      .from(modelContracts)
      .where(eq(modelContracts.id, contracts.mia.id));
    expect(row).toEqual({ state: "signed", signedWith: "totp" });
  });
});
