import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAffiliate } from "#app/auth/affiliate-account.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import type { Role } from "#app/db/roles.ts";
import {
  affiliatePayoutDetailChanges,
  affiliatePayoutDetails,
  outbox,
  user,
} from "#app/db/schema.server.ts";
import { PASSWORD_LIMIT } from "#app/features/affiliate-payouts/password.server.ts";
import { qrSvg, referralLink } from "#app/features/affiliates/portal/qr.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { callRoute } from "#app/test/routes.ts";
import * as confirmRoute from "../areas/payout-details-confirm.tsx";
import * as portalRoute from "../areas/portal.tsx";
import * as qrRoute from "../areas/portal-qr.ts";
import * as csvRoute from "./affiliate-payout-batch-csv.ts";
import * as batchRoute from "./affiliate-payout-batch.tsx";
import * as batchesRoute from "./affiliate-payouts.tsx";
import { paced } from "#app/test/pace.ts";

/**
 * The payout routes (issue 31) as their users and attackers call them: only an admin reaches the
 * batches and their bank file; an affiliate's payout details change only with her password, from
 * the site itself, and through her own mailed link; her QR code's files are of her own link.
 */
const PASSWORD = "pagamentos-do-programa-2026!";
const people = ["admin", "approver", "editor", "model", "lia", "mia"] as const;
type Who = (typeof people)[number];
const roleOf = (who: Who): Role => (who === "lia" || who === "mia" ? "affiliate" : (who as Role));

describe.each(routeTestTargets)("the payout routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const affiliates = {} as Record<"lia" | "mia", { id: number; referralCode: string }>;

  const request = (path: string, who?: Who, form?: Record<string, string>, origin = TEST_ORIGIN) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin,
        "x-client-ip": "203.0.113.60",
        ...(who ? { cookie: cookies[who] } : {}),
      },
    });

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
    for (const who of ["lia", "mia"] as const) {
      affiliates[who] = await createAffiliate(db, { userId: ids[who], promotion: "Instagram" });
    }
  }, paced(120_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  const batchRoutes = [
    { handler: batchesRoute.loader, path: "/admin/afiliados/pagamentos" },
    {
      handler: batchesRoute.action,
      path: "/admin/afiliados/pagamentos",
      form: { intent: "create" },
    },
    { handler: batchRoute.loader, path: "/admin/afiliados/pagamentos/1", params: { batch: "1" } },
    {
      handler: batchRoute.action,
      path: "/admin/afiliados/pagamentos/1",
      params: { batch: "1" },
      form: { intent: "cancel" },
    },
    {
      handler: csvRoute.loader,
      path: "/admin/afiliados/pagamentos/1/payouts.csv",
      params: { batch: "1" },
    },
  ];

  it("keeps the batches and their bank file from visitors, affiliates, models, editors and approvers", async () => {
    for (const route of batchRoutes) {
      for (const who of [undefined, "lia", "model", "editor", "approver"] as const) {
        const answer = await callRoute(
          route.handler as never,
          request(route.path, who, route.form),
          route.params,
        );
        const label = `${route.path} ${route.form ? "POST" : "GET"} as ${who ?? "visitor"}`;
        expect(answer.status, label).toBe(302);
        expect(answer.location, label).toMatch(who ? /^\/permission-denied/ : /^\/login\?/);
      }
    }
    const page = await callRoute(
      batchesRoute.loader,
      request("/admin/afiliados/pagamentos", "admin"),
    );
    expect(page.status).toBe(200);
    const forged = await callRoute(
      batchesRoute.action,
      request("/admin/afiliados/pagamentos", "admin", { intent: "create" }, "https://evil.example"),
    );
    expect(forged.status).toBe(403);
    const missing = await callRoute(
      csvRoute.loader,
      request("/admin/afiliados/pagamentos/999999/payouts.csv", "admin"),
      { batch: "999999" },
    );
    expect(missing.status).toBe(404);
  });

  const pixChange = (overrides: Record<string, string> = {}) => ({
    intent: "payout-details",
    method: "pix",
    keyType: "email",
    key: `lia.pix.${marker}@example.com`,
    password: PASSWORD,
    ...overrides,
  });
  const changesOf = async (who: "lia" | "mia") =>
    (await getDatabase())
      .select()
      .from(affiliatePayoutDetailChanges)
      .where(eq(affiliatePayoutDetailChanges.affiliateId, affiliates[who].id));

  it("refuses a change of payout details from another site, with a wrong password or a bad key; stores nothing", async () => {
    const forged = await callRoute(
      portalRoute.action,
      request("/portal", "lia", pixChange(), "https://evil.example"),
    );
    expect(forged.status).toBe(403);
    const wrong = await callRoute(
      portalRoute.action,
      request("/portal", "lia", pixChange({ password: "not-her-password" })),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ error: "payouts.errors.wrongPassword", field: "password" });
    expect(JSON.stringify(wrong.data)).not.toContain("not-her-password");
    const badCpf = await callRoute(
      portalRoute.action,
      request("/portal", "lia", pixChange({ keyType: "cpf", key: "123.456.789-00" })),
    );
    expect(badCpf.status).toBe(400);
    expect(badCpf.data).toMatchObject({ error: "payouts.errors.key.cpf", field: "key" });
    const badBank = await callRoute(
      portalRoute.action,
      request("/portal", "lia", {
        intent: "payout-details",
        method: "bank",
        bankCode: "260",
        branch: "0001",
        account: "12345",
        accountType: "checking",
        holderName: "Lia Souza",
        holderDocument: "52998224725",
        password: PASSWORD,
      }),
    );
    expect(badBank.status).toBe(400);
    expect(badBank.data).toMatchObject({ error: "payouts.errors.account", field: "account" });
    expect(await changesOf("lia")).toEqual([]);
    // A visitor, staff or a model never reach the form's action.
    for (const who of [undefined, "admin", "model"] as const) {
      const answer = await callRoute(portalRoute.action, request("/portal", who, pixChange()));
      expect(answer.status).toBe(302);
    }
  });

  it("stores a change with her password, mails her link, and lets only her confirm it, once", async () => {
    const asked = await callRoute(portalRoute.action, request("/portal", "lia", pixChange()));
    expect(asked.status).toBe(303);
    expect(asked.location).toBe("/portal#payout-details");
    expect(await changesOf("lia")).toHaveLength(1);
    const db = await getDatabase();
    const [mail] = await db
      .select({ text: outbox.text })
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, `lia.${marker}@example.com`),
          eq(outbox.kind, "payout-details-confirm"),
        ),
      );
    const token = /confirm\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const confirmPath = `/portal/payout-details/confirm?token=${token}`;

    // Another affiliate signed in finds no such link; a visitor is sent to sign in first.
    const other = await callRoute(confirmRoute.loader, request(confirmPath, "mia"));
    expect(other.status).toBe(404);
    const stolen = await callRoute(confirmRoute.action, request(confirmPath, "mia", { token }));
    expect(stolen.status).toBe(404);
    const visitor = await callRoute(confirmRoute.loader, request(confirmPath));
    expect(visitor.location).toBe(`/login?redirect=${encodeURIComponent(confirmPath)}`);
    const forged = await callRoute(
      confirmRoute.action,
      request(confirmPath, "lia", { token }, "https://evil.example"),
    );
    expect(forged.status).toBe(403);
    expect(
      await db
        .select()
        .from(affiliatePayoutDetails)
        .where(inArray(affiliatePayoutDetails.affiliateId, [affiliates.lia.id, affiliates.mia.id])),
    ).toEqual([]);

    const page = await callRoute(confirmRoute.loader, request(confirmPath, "lia"));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ status: "open", hint: "PIX · l•••@e•••.com" });
    const confirmed = await callRoute(confirmRoute.action, request(confirmPath, "lia", { token }));
    expect(confirmed.status).toBe(303);
    const again = await callRoute(confirmRoute.action, request(confirmPath, "lia", { token }));
    expect(again.status).toBe(410);
    const portal = await callRoute(portalRoute.loader, request("/portal", "lia"));
    expect(portal.data).toMatchObject({
      payouts: {
        details: { current: { method: "pix", hint: "PIX · l•••@e•••.com" }, waiting: null },
      },
    });
    const unknown = await callRoute(
      confirmRoute.loader,
      request("/portal/payout-details/confirm?token=guessed", "lia"),
    );
    expect(unknown.status).toBe(404);
  });

  it("stops guessing her password after five wrong ones", async () => {
    for (let attempt = 0; attempt < PASSWORD_LIMIT.limit; attempt++) {
      const wrong = await callRoute(
        portalRoute.action,
        request("/portal", "mia", pixChange({ password: `guess-${attempt}` })),
      );
      expect(wrong.status).toBe(400);
    }
    const limited = await callRoute(portalRoute.action, request("/portal", "mia", pixChange()));
    expect(limited.status).toBe(429);
    expect(await changesOf("mia")).toEqual([]);
  });

  it("gives each affiliate her own link's QR code as PNG and SVG files, nobody else", async () => {
    for (const who of ["lia", "mia"] as const) {
      const svg = await callRoute(qrRoute.loader, request("/portal/qr.svg?ref=OTHER", who));
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(svg.headers.get("content-disposition")).toBe(
        `attachment; filename="mare-talent-${affiliates[who].referralCode}.svg"`,
      );
      expect(await svg.response!.text()).toBe(
        await qrSvg(referralLink(TEST_ORIGIN, affiliates[who].referralCode)),
      );
    }
    const png = await callRoute(qrRoute.loader, request("/portal/qr.png", "lia"));
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await png.response!.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    for (const who of [undefined, "admin", "model"] as const) {
      const answer = await callRoute(qrRoute.loader, request("/portal/qr.png", who));
      expect(answer.status).toBe(302);
    }
  });
});
