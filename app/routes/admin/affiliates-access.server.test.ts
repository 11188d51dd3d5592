import { resources } from "#app/i18n/resources.server.ts";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  affiliateEntries,
  affiliates,
  rateLimits,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import { insertAffiliate, insertApplicationRows } from "#app/test/factories.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import * as accessReportExport from "./access-report-export.ts";
import * as accessReport from "./access-report.tsx";
import * as affiliate from "./affiliate.tsx";
import * as affiliatesList from "./affiliates.tsx";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The affiliates screens and the access report through their loaders and actions, with real
 * sessions of each role, on PGlite and (when TEST_DATABASE_URL is set) on PostgreSQL: approvers
 * read the affiliates but change nothing; only admins see the access report; each change is
 * validated, stored whole or not at all, and logged.
 */

const english: unknown = resources.en;
const englishText = (key: string) =>
  key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], english);

describe.each(databaseTargets)("affiliates and access report routes on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const email = (name: string) => `${name}.${marker}@example.com`;
  const { ids, cookies, account } = namedAccounts(marker, (who) => `${who} ${marker}`);
  let affiliateId = 0;

  function request(
    path: string,
    {
      who,
      form,
      headers = {},
    }: { who?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": "198.51.100.77",
        "accept-language": "en",
        ...(who ? { cookie: cookies[who]! } : {}),
        ...headers,
      },
    });
  }

  const detailPath = () => `/admin/afiliados/${affiliateId}`;
  const post = (who: string, form: Record<string, string>, headers?: Record<string, string>) =>
    callRoute(affiliate.action, request(detailPath(), { who, form, headers }), {
      id: String(affiliateId),
    });
  const entryRows = async () =>
    (await getDatabase())
      .select()
      .from(affiliateEntries)
      .where(eq(affiliateEntries.affiliateId, affiliateId))
      .orderBy(affiliateEntries.id);
  const logOf = async (action: string) =>
    (await getDatabase())
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.action, action), eq(accessLog.subject, `affiliate:${affiliateId}`)))
      .orderBy(accessLog.id);

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    await account("admin", "admin");
    await account("approver", "approver");
    await account("model", "model");
    await account("lia", "affiliate");
    const db = await getDatabase();
    const [row] = await db
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(eq(affiliates.userId, ids.lia!));
    affiliateId =
      row?.id ??
      (
        await insertAffiliate(db, {
          userId: ids.lia!,
          referralCode: `T${marker}`.toUpperCase(),
          promotion: "Blog",
        })
      ).id;
    await insertApplicationRows(
      db,
      (["Aprovado", "Pendente"] as const).map((status) => ({
        fullName: "Indicada Souza",
        email: `ref-${status}.${marker}@example.com`,
        affiliateId,
        status,
      })),
    );
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    const all = Object.values(ids);
    if (all.length) {
      await db.delete(accessLog).where(inArray(accessLog.actorId, all));
      // One account at a time: deleting the admin and the affiliate in one statement sends two
      // actions at one entry (its author's "set null" and her affiliate's cascade), and
      // PostgreSQL then checks the entry's affiliate after it is gone, in whichever order the
      // random ids put them.
      for (const id of all) await db.delete(user).where(eq(user.id, id));
    }
    await db.delete(rateLimits).where(like(rateLimits.key, `%.${marker}@%`));
    await closeAppDatabase();
  });

  it("lets approvers and admins read the list and her page, and no one else", async () => {
    for (const who of ["admin", "approver"]) {
      const list = await callRoute(
        affiliatesList.loader,
        request(`/admin/afiliados?q=${marker}`, { who }),
      );
      expect(list.status).toBe(200);
      expect(
        (list.data as { rows: { id: number; referrals: number; approvals: number }[] }).rows,
      ).toMatchObject([{ id: affiliateId, referrals: 2, approvals: 1 }]);
      const page = await callRoute(affiliate.loader, request(detailPath(), { who }), {
        id: String(affiliateId),
      });
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ canEdit: who === "admin" });
    }
    for (const who of ["model", "lia"]) {
      expect(
        await callRoute(affiliatesList.loader, request("/admin/afiliados", { who })),
      ).toMatchObject({ status: 302, location: "/permission-denied" });
    }
    const visitor = await callRoute(affiliatesList.loader, request("/admin/afiliados"));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirect=/);
    expect(
      await callRoute(affiliate.loader, request("/admin/afiliados/0", { who: "admin" }), {
        id: "0",
      }),
    ).toMatchObject({ status: 404 });
  });

  it("refuses every change from an approver, storing nothing", async () => {
    for (const form of [
      { intent: "status", status: "suspended" },
      { intent: "rule", milestone: "approved", fixed: "10", share: "", months: "" },
      { intent: "entry", amount: "10", date: "2026-01-01", reason: "Bonus" },
      { intent: "void", entry: "1", reason: "No" },
    ] as Record<string, string>[]) {
      expect(await post("approver", form)).toMatchObject({
        status: 302,
        location: "/permission-denied",
      });
    }
    const [row] = await (
      await getDatabase()
    )
      .select()
      .from(affiliates)
      .where(eq(affiliates.id, affiliateId));
    expect(row).toMatchObject({ status: "active" });
    expect(
      await callRoute(
        affiliatesList.action,
        request("/admin/afiliados", {
          who: "approver",
          form: { milestone: "", fixed: "", share: "10", months: "6", holdDays: "1", minimum: "1" },
        }),
      ),
    ).toMatchObject({ status: 302, location: "/permission-denied" });
    expect(await entryRows()).toEqual([]);
    expect(await logOf("affiliate.status")).toEqual([]);
  });

  it("lets an admin suspend and reactivate, each change logged with her address", async () => {
    expect(await post("admin", { intent: "status", status: "suspended" })).toMatchObject({
      status: 302,
      location: `${detailPath()}?notice=suspended`,
    });
    const [row] = await (
      await getDatabase()
    )
      .select({ status: affiliates.status })
      .from(affiliates)
      .where(eq(affiliates.id, affiliateId));
    expect(row!.status).toBe("suspended");
    expect(await logOf("affiliate.status")).toMatchObject([
      {
        actorId: ids.admin,
        ip: "198.51.100.77",
        details: { from: "active", to: "suspended" },
      },
    ]);
    expect(await post("admin", { intent: "status", status: "gone" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { status: "admin.affiliates.errors.status" } },
    });
    expect(await post("admin", { intent: "status", status: "active" })).toMatchObject({
      status: 302,
    });
    expect(await logOf("affiliate.status")).toHaveLength(2);
  });

  it("validates her rule on the server with translated messages, then saves it", async () => {
    const rule = (values: Record<string, string>) =>
      post("admin", { intent: "rule", milestone: "", fixed: "", share: "", months: "", ...values });
    for (const [values, field, key] of [
      [{}, "milestone", "admin.affiliates.errors.ruleEmpty"],
      [{ milestone: "approved", fixed: "0" }, "fixed", "admin.affiliates.errors.amountPositive"],
      [{ share: "101", months: "6" }, "share", "admin.affiliates.errors.share"],
      [{ share: "10", months: "0" }, "months", "admin.affiliates.errors.months"],
    ] as const) {
      const answer = await rule(values);
      expect(answer).toMatchObject({ status: 400, data: { fieldErrors: { [field]: key } } });
      expect(englishText(key)).toEqual(expect.any(String));
    }
    expect(await logOf("affiliate.rule")).toEqual([]);
    expect(
      await rule({ milestone: "contract-signed", fixed: "150,00", share: "7,5", months: "6" }),
    ).toMatchObject({
      status: 302,
      location: `${detailPath()}?notice=rule`,
    });
    expect(await logOf("affiliate.rule")).toMatchObject([
      {
        details: {
          from: null,
          to: {
            milestone: "contract-signed",
            fixedCents: 15000,
            shareBasisPoints: 750,
            shareMonths: 6,
          },
        },
      },
    ]);
    const page = await callRoute(affiliate.loader, request(detailPath(), { who: "admin" }), {
      id: String(affiliateId),
    });
    expect((page.data as { rule: string }).rule).toMatch(
      /when a woman you referred signs her contract/,
    );
    expect(await post("admin", { intent: "rule-clear" })).toMatchObject({ status: 302 });
    expect(await logOf("affiliate.rule")).toHaveLength(2);
  });

  it("records a correction, refuses wrong ones whole, and refuses the same one posted twice with a 409", async () => {
    const entry = (values: Record<string, string>) =>
      post("admin", {
        intent: "entry",
        amount: "100",
        date: "2026-01-15",
        reason: "Bonus",
        ...values,
      });
    const tomorrow = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    for (const [values, field, key] of [
      [{ amount: "0" }, "amount", "admin.affiliates.errors.amountZero"],
      [{ amount: "12,3,4" }, "amount", "admin.affiliates.errors.amount"],
      [{ amount: "1.000" }, "amount", "admin.affiliates.errors.amountAmbiguous"],
      [{ date: tomorrow }, "date", "admin.affiliates.errors.dateFuture"],
      [{ date: "15/01/2026" }, "date", "admin.affiliates.errors.date"],
      [{ reason: "" }, "reason", "admin.affiliates.errors.reason"],
      [{ reason: "n".repeat(501) }, "reason", "admin.affiliates.errors.reason"],
    ] as const) {
      const answer = await entry(values);
      expect(answer).toMatchObject({ status: 400, data: { fieldErrors: { [field]: key } } });
      expect(englishText(key)).toEqual(expect.any(String));
    }
    expect(await entryRows()).toEqual([]);
    expect(await logOf("affiliate.entry")).toEqual([]);

    expect(await entry({ amount: "1.350,75", reason: "Março" })).toMatchObject({
      status: 302,
      location: `${detailPath()}?notice=entry`,
    });
    // The second click of the same form: refused, translated, nothing stored.
    const twice = await entry({ amount: "1.350,75", reason: "Março" });
    expect(twice).toMatchObject({
      status: 409,
      data: { error: "admin.affiliates.errors.duplicate" },
    });
    expect(englishText("admin.affiliates.errors.duplicate")).toEqual(expect.any(String));
    expect(await entry({ amount: "-300", date: "2026-02-05", reason: "Paid twice" })).toMatchObject(
      {
        status: 302,
      },
    );
    expect(
      (await entryRows()).map((r) => [r.origin, r.amountCents, r.occurredOn, r.createdBy]),
    ).toEqual([
      ["manual", 135075, "2026-01-15", ids.admin],
      ["manual", -30000, "2026-02-05", ids.admin],
    ]);
    expect(await logOf("affiliate.entry")).toHaveLength(2);
    const page = await callRoute(affiliate.loader, request(detailPath(), { who: "approver" }), {
      id: String(affiliateId),
    });
    expect(page.data).toMatchObject({
      affiliate: { payableCents: 105075 },
      entries: [
        {
          description: "Paid twice",
          amountCents: -30000,
          enteredBy: expect.stringContaining(`admin ${marker}`),
        },
        { description: "Março", amountCents: 135075 },
      ],
    });
  });

  it("voids an entry with a reason: kept, struck out of the totals, logged, once", async () => {
    const [, correction] = await entryRows();
    const voidIt = (who: string, entry: string, reason = "Typed by mistake") =>
      post(who, { intent: "void", entry, reason });
    expect(await voidIt("approver", String(correction!.id))).toMatchObject({
      status: 302,
      location: "/permission-denied",
    });
    for (const entry of ["", "abc", "-1", "1e3"]) {
      expect(await voidIt("admin", entry)).toMatchObject({
        status: 400,
        data: { error: "admin.affiliates.errors.entry" },
      });
    }
    expect(await voidIt("admin", String(correction!.id), "")).toMatchObject({
      status: 400,
      data: { error: "admin.affiliates.errors.reason" },
    });
    // An entry of no one, or of another affiliate: not found.
    expect(await voidIt("admin", "999999999")).toMatchObject({ status: 404 });
    expect(await logOf("affiliate.entry.void")).toEqual([]);

    expect(await voidIt("admin", String(correction!.id))).toMatchObject({
      status: 302,
      location: `${detailPath()}?notice=voided`,
    });
    expect((await entryRows()).find((r) => r.id === correction!.id)).toMatchObject({
      voidedBy: ids.admin,
      voidReason: "Typed by mistake",
    });
    expect(await voidIt("admin", String(correction!.id))).toMatchObject({ status: 302 });
    expect(await logOf("affiliate.entry.void")).toHaveLength(1);
    const list = await callRoute(
      affiliatesList.loader,
      request(`/admin/afiliados?q=${encodeURIComponent(email("lia"))}`, { who: "admin" }),
    );
    expect(list.data).toMatchObject({ rows: [{ payableCents: 135075 }] });
  });

  it("refuses a form from another site and an unknown form", async () => {
    expect(
      await post(
        "admin",
        { intent: "status", status: "suspended" },
        {
          origin: "https://evil.example",
        },
      ),
    ).toMatchObject({ status: 403 });
    expect(await post("admin", { intent: "delete" })).toMatchObject({
      status: 400,
      data: { error: "admin.affiliates.errors.intent" },
    });
  });

  it("shows the access report to admins only, filtered and paged", async () => {
    for (const who of ["approver", "model"]) {
      expect(
        await callRoute(accessReport.loader, request("/admin/access-report", { who })),
      ).toMatchObject({ status: 302, location: "/permission-denied" });
      expect(
        await callRoute(accessReportExport.loader, request("/admin/access-report.csv", { who })),
      ).toMatchObject({ status: 302, location: "/permission-denied" });
    }
    const path = `/admin/access-report?action=affiliate.*&actor=${encodeURIComponent(email("admin"))}`;
    const first = await callRoute(accessReport.loader, request(path, { who: "admin" }));
    type Page = {
      rows: { action: string; actorName: string; subjectName: string | null }[];
      next: string | null;
    };
    const all = (first.data as Page).rows;
    // Two status changes, her rule set and cleared, two corrections and one of them voided.
    expect(all.map((row) => row.action).sort()).toEqual([
      "affiliate.entry",
      "affiliate.entry",
      "affiliate.entry.void",
      "affiliate.rule",
      "affiliate.rule",
      "affiliate.status",
      "affiliate.status",
    ]);
    expect(all[0]).toMatchObject({
      actorName: `admin ${marker}`,
      action: "affiliate.entry.void",
      subject: `affiliate:${affiliateId}`,
      subjectName: `lia ${marker}`,
    });
    const ledgerOnly = await callRoute(
      accessReport.loader,
      request(`/admin/access-report?action=affiliate.entry&actor=${marker}`, { who: "admin" }),
    );
    expect((ledgerOnly.data as Page).rows).toHaveLength(2);
    const none = await callRoute(
      accessReport.loader,
      request(`/admin/access-report?actor=${marker}&to=2000-01-01`, { who: "admin" }),
    );
    expect((none.data as Page).rows).toEqual([]);
    const bad = await callRoute(
      accessReport.loader,
      request(`/admin/access-report?actor=${marker}&from=yesterday`, { who: "admin" }),
    );
    expect(bad.data).toMatchObject({ invalidDate: true });
  });

  it("exports the access report's filter as CSV and logs the export", async () => {
    const answer = await callRoute(
      accessReportExport.loader,
      request(`/admin/access-report.csv?action=affiliate.entry&actor=${marker}`, {
        who: "admin",
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.response!.headers.get("content-disposition")).toMatch(
      /^attachment; filename="access-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await answer.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 2);
    expect(lines[1]).toContain(
      `;"admin ${marker}";"admin";"affiliate.entry";"Commission entry recorded by hand";`,
    );
    const [logged] = await (
      await getDatabase()
    )
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.action, "access-report.export"), eq(accessLog.actorId, ids.admin!)));
    expect(logged).toMatchObject({
      ip: "198.51.100.77",
      details: { action: "affiliate.entry", actor: marker },
    });
  });
});
