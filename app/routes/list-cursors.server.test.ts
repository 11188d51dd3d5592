import { randomBytes } from "node:crypto";
import { inArray, like } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, submissions, user } from "#app/db/schema.server.ts";
import * as accessReport from "#app/routes/admin/access-report.tsx";
import * as affiliates from "#app/routes/admin/affiliates.tsx";
import * as outbox from "#app/routes/admin/email/outbox.tsx";
import * as reviewList from "#app/routes/admin/submissions.tsx";
import * as users from "#app/routes/admin/users.tsx";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { hostileText } from "#app/test/hostile.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { readCursor, readPageNumber } from "#app/utils/keyset.ts";
import { paced } from "#app/test/pace.ts";

/**
 * A malformed page link on a back-office list (issue 24): `?after=aaaaaaaaaa~1` reached the
 * database as a timestamp and came back a 500. Every list that pages through the URL is asked
 * for hostile positions, as someone editing the address bar would: never a server error; a
 * malformed one is a 400 that shows the first page with a translated word about it; a
 * well-formed one, even naming no row, is an ordinary page.
 */

const runs = Number(process.env.FUZZ_RUNS ?? 40);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Loader = (args: never) => unknown;

/** Each list, the parameter that names its page, and how the app reads that parameter. */
const lists: {
  name: string;
  path: string;
  param: string;
  loader: Loader;
  invalid: (v: string) => boolean;
}[] = [
  ...["/admin/cadastros", "/admin/pendentes", "/admin/aprovados", "/admin/reprovados"].map(
    (path) => ({
      name: path,
      path,
      param: "after",
      loader: reviewList.loader,
      invalid: (v: string) => readCursor(v).invalid,
    }),
  ),
  {
    name: "/admin/afiliados",
    path: "/admin/afiliados",
    param: "after",
    loader: affiliates.loader,
    invalid: (v) => readCursor(v).invalid,
  },
  {
    name: "/admin/access-report",
    path: "/admin/access-report",
    param: "after",
    loader: accessReport.loader,
    invalid: (v) => readCursor(v).invalid,
  },
  {
    name: "/admin/users",
    path: "/admin/users",
    param: "page",
    loader: users.loader,
    invalid: (v) => readPageNumber(v, 10_000).invalid,
  },
  {
    name: "/admin/email/outbox",
    path: "/admin/email/outbox",
    param: "before",
    loader: outbox.loader,
    invalid: (v) => readPageNumber(v).invalid,
  },
];

/** A PostgreSQL timestamp's text, right or subtly wrong, and an id, joined as a cursor is. */
const lookalike = fc
  .tuple(
    fc.integer({ min: -1, max: 10_000 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.constantFrom("", ".5", ".123456", ".1234567"),
    fc.constantFrom("+00", "-03", "+05:30", "+99", "Z", ""),
    fc.oneof(
      fc.integer({ min: -5, max: 2 ** 31 }).map(String),
      fc.constantFrom("9".repeat(16), "1e3", ""),
    ),
  )
  .map(([year, month, day, hour, minute, fraction, zone, id]) => {
    const two = (n: number) => String(n).padStart(2, "0");
    return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(minute)}${fraction}${zone}~${id}`;
  });

const hostileCursor = fc.oneof(
  { arbitrary: lookalike, weight: 4 },
  { arbitrary: hostileText, weight: 3 },
  { arbitrary: fc.tuple(hostileText, hostileText).map(([a, b]) => `${a}~${b}`), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      "aaaaaaaaaa~1",
      "2026-02-30 03:12:04+00~1",
      "2026-11-25 03:12:04+00~99999999999999999999",
      "2026-11-25 03:12:04\u0000+00~1",
      "2026-11-25 03:12:04+00~1\r\nx",
      `${"2026-11-25 03:12:04+00".repeat(500)}~1`,
      "-1",
      "0",
      "1e309",
      "%00",
    ),
    weight: 2,
  },
);

describe.each(routeTestTargets)("page links of every list on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  let admin = { id: "", cookie: "" };

  const ask = (list: (typeof lists)[number], value: string, extra: Record<string, string> = {}) => {
    const url = new URL(`${TEST_ORIGIN}${list.path}`);
    for (const [name, text] of Object.entries(extra)) url.searchParams.set(name, text);
    url.searchParams.set(list.param, value);
    return callRoute(list.loader, new Request(url, { headers: { cookie: admin.cookie } }));
  };

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    admin = await signedInAccount({
      email: `admin.${marker}@example.com`,
      name: "Cursor Admin",
      role: "admin",
      password: "a-long-admin-password-1",
      origin: TEST_ORIGIN,
    });
  }, paced(60_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(accessLog).where(inArray(accessLog.actorId, [admin.id]));
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    await db.delete(user).where(inArray(user.id, [admin.id]));
    await closeAppDatabase();
  });

  for (const list of lists) {
    it(
      `${list.name}: a hostile ${"`"}${list.param}=${"`"} is never a server error, a malformed one a 400`,
      async () => {
        const property = fc.asyncProperty(hostileCursor, async (value) => {
          const answer = await ask(list, value, { q: "ana" });
          const malformed = list.invalid(value);
          expect(answer.status, JSON.stringify(value)).toBe(malformed ? 400 : 200);
          const data = answer.data as { badPageLink?: boolean; outbox?: { badPageLink: boolean } };
          expect(data.badPageLink ?? data.outbox?.badPageLink).toBe(malformed);
        });
        await fc.assert(property, { numRuns: runs, seed });
      },
      paced(120_000),
    );
  }

  it("the reported attack: a cursor whose date PostgreSQL would refuse is a 400 with her filters kept", async () => {
    const list = lists[0]!;
    for (const value of [
      "aaaaaaaaaa~1",
      "2026-02-30 03:12:04+00~1",
      "2026-11-25 03:12:04+00~1\u0000",
    ]) {
      const answer = await ask(list, value, { q: "ana", sort: "oldest" });
      expect(answer.status, value).toBe(400);
      expect(answer.data).toMatchObject({
        badPageLink: true,
        paged: false,
        filter: { search: "ana", sort: "oldest" },
      });
    }
    // A well-formed position, before or after every row, is an ordinary page.
    for (const value of [
      "1970-01-01 00:00:00+00~1",
      "2999-12-31 23:59:59.999999-03~999999999999999",
    ]) {
      const answer = await ask(list, value);
      expect(answer.status, value).toBe(200);
      expect(answer.data).toMatchObject({ badPageLink: false, paged: true });
    }
  });
});
