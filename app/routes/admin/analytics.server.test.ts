import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  rejectionReasons,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import { callRoute } from "#app/test/routes.ts";
import { databaseTargets } from "#app/test/databases.ts";
import * as analytics from "./analytics.tsx";
import * as analyticsExport from "./analytics-export.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { paced } from "#app/test/pace.ts";

/**
 * /admin/analytics through its loader, with real sessions of each role, on PGlite and (when
 * TEST_DATABASE_URL is set) on PostgreSQL: approvers and admins read it; models, affiliates and
 * visitors never reach its data; a bad range is answered 400 with the default range instead.
 * Each of the manager's tables downloads as CSV (the same roles), its export in the access log,
 * a formula typed into a label never run by the spreadsheet.
 */

const PASSWORD = "maré-talent-analytics-2026!";

type Role = "model" | "affiliate" | "approver" | "admin";

const load = (request: Request) => callRoute(analytics.loader, request);

describe.each(databaseTargets)("/admin/analytics on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const cookies: Partial<Record<Role, string>> = {};
  const ids: string[] = [];

  const request = (query = "", who?: Role) =>
    new Request(`${TEST_ORIGIN}/admin/analytics${query}`, {
      headers: {
        "accept-language": "en",
        "x-client-ip": "198.51.100.90",
        ...(who ? { cookie: cookies[who]! } : {}),
      },
    });

  /** A signed-in account of a role. */
  async function account(role: Role) {
    const { id, cookie } = await signedInAccount({
      email: `${role}.${marker}@example.com`,
      name: `${role} ${marker}`,
      role,
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip: `198.51.100.${ids.length + 10}`,
    });
    ids.push(id);
    cookies[role] = cookie;
  }

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of ["model", "affiliate", "approver", "admin"] as const) await account(role);
  }, paced(60_000));

  afterAll(async () => {
    if (ids.length) await (await getDatabase()).delete(user).where(inArray(user.id, ids));
    await closeAppDatabase();
  });

  it("sends a visitor to sign in, with the way back", async () => {
    const answer = await load(request());
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login\?redirect=%2Fadmin%2Fanalytics/);
  });

  it.each(["model", "affiliate"] as const)("refuses a signed-in %s", async (role) => {
    const answer = await load(request("", role));
    expect(answer).toMatchObject({ status: 302, location: "/permission-denied" });
  });

  it.each(["approver", "admin"] as const)("shows the last 30 days to an %s", async (role) => {
    const answer = await load(request("", role));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      errors: {},
      range: { group: "day" },
      presets: [{ days: 7 }, { days: 30 }, { days: 90 }],
    });
    expect(answer.data!.overTime).toHaveLength(30);
    const cohort = answer.data!.tables.find((table) => table.id === "cohort")!;
    expect(cohort.rows.map((row) => row[1]!.kind)).toEqual(Array(6).fill("count"));
  });

  it("groups by month when asked, with names of the buckets in her language", async () => {
    const answer = await load(request("?from=2026-01-01&to=2026-03-31&group=month", "admin"));
    expect(answer.status).toBe(200);
    expect(answer.data!.overTime.map((row) => row.label)).toEqual([
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
    ]);
  });

  it("answers a bad range with 400, the errors per field and the default range", async () => {
    const answer = await load(request("?from=2020-01-01&to=2026-01-01&group=day", "approver"));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { from: "admin.analytics.errors.tooLong" },
      form: { from: "2020-01-01", to: "2026-01-01" },
    });
    expect(answer.data!.overTime).toHaveLength(30);
    const nonsense = await load(request("?from=soon&group=year", "approver"));
    expect(nonsense.status).toBe(400);
    expect(nonsense.data!.errors).toEqual({
      from: "admin.analytics.errors.date",
      group: "admin.analytics.errors.group",
    });
  });

  const csv = (table: string, query: string, who?: Role) =>
    callRoute(
      analyticsExport.loader,
      new Request(`${TEST_ORIGIN}/admin/analytics/csv/${table}${query}`, {
        headers: {
          "accept-language": "en",
          "x-client-ip": "198.51.100.91",
          ...(who ? { cookie: cookies[who]! } : {}),
        },
      }),
      { table },
    );

  it("downloads a table as CSV for an approver, formulas neutralised, the export logged", async () => {
    const db = await getDatabase();
    // A reason whose label a spreadsheet would run, and a rejection with it in the range.
    const [reason] = await db
      .insert(rejectionReasons)
      .values({ label: `=HYPERLINK("http://evil.example";"x") ${marker}` })
      .returning();
    const submissionId = await insertApplicationRow(db, {
      createdAt: new Date("2024-05-10T15:00:00Z"),
      status: "Reprovado",
      email: `csv.${marker}@example.com`,
    });
    const approverId = ids[2]!;
    await db.insert(submissionStatusHistory).values({
      submissionId,
      fromStatus: "Pendente",
      toStatus: "Reprovado",
      changedBy: approverId,
      reasonId: reason!.id,
      createdAt: new Date("2024-05-10T16:00:00Z"),
    });
    const answer = await csv("reasons", "?from=2024-05-01&to=2024-05-31", "approver");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.headers.get("content-disposition")).toContain(
      "analytics-reasons-2024-05-01-2024-05-31.csv",
    );
    const bytes = new Uint8Array(await answer.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark
    const [header, row] = new TextDecoder().decode(bytes).split("\r\n");
    expect(header).toBe('"Reason";"Rejections";"Share";"Rejections, period before"');
    expect(row).toBe(`"'=HYPERLINK(""http://evil.example"";""x"") ${marker}";"1";"100";"0"`);
    const logged = await db
      .select({ details: accessLog.details })
      .from(accessLog)
      .where(and(eq(accessLog.action, "analytics.export"), eq(accessLog.actorId, approverId)));
    expect(logged).toEqual([
      { details: { table: "reasons", from: "2024-05-01", to: "2024-05-31" } },
    ]);
    // Money, days and rates as a Portuguese sheet reads them: a decimal comma.
    const time = await (
      await csv("decision-time", "?from=2024-05-01&to=2024-05-31", "admin")
    ).response!.text();
    expect(time).toContain('"Applications received";"1";"0"');
  });

  it("refuses the CSV to a visitor, a model and an affiliate; an unknown table or range is refused", async () => {
    expect((await csv("backlog", "")).location).toMatch(/^\/login\?redirect=/);
    for (const role of ["model", "affiliate"] as const) {
      expect(await csv("backlog", "", role)).toMatchObject({
        status: 302,
        location: "/permission-denied",
      });
    }
    expect((await csv("users", "", "admin")).status).toBe(404);
    expect((await csv("backlog", "?from=2026-02-30", "admin")).status).toBe(400);
  });
});
