import { request as http, type APIRequestContext } from "@playwright/test";
import { expect, test, type Account, type Role } from "./fixtures.ts";
import {
  actionMatrixTests,
  actionRules,
  DENIED,
  LOGIN,
  patternsWithAction,
} from "./access-actions.ts";
import {
  everyone,
  expectedLocation,
  home,
  mayOpenAt,
  table,
  type Answer,
  type Who,
} from "./access-roles.ts";

/**
 * Who may open what, over HTTP: every route of app/routes.ts, for a visitor and a signed-in user
 * of each role. A route must be classified in the table below, or this test fails: a new page is
 * protected or public because someone decided so, not by accident. Who may open a signed-in
 * screen is read from the map the guards read (app/auth/permissions.ts); that the map itself says
 * what product.md says is app/auth/permissions.test.ts's business.
 */

interface Rule {
  /** The URL to request, for a pattern with parameters or a splat. */
  url?: string;
  /** Post this JSON instead of a GET (an endpoint that only takes posts). */
  post?: unknown;
  /** The answer to each of them. */
  answer: (who: Who) => Answer;
  /** A signed-in area: its `.data` URLs are checked as well. */
  area?: true;
}

const ok: Answer = { status: 200 };

/** Open to everyone, signed in or not. */
const open = (url?: string, status = 200): Rule => ({ url, answer: () => ({ status }) });

/**
 * A signed-in screen (app/auth/permissions.ts): a visitor is sent to log in, a role the map does
 * not let open it is refused, and the roles it names get `entered`. A page's `.data` URLs are
 * checked as well; a file's or a missing record's are not.
 */
const screen =
  (entered: Answer = ok, { url, page = true }: { url?: string; page?: boolean } = {}) =>
  (pattern: string): Rule => {
    const allowed = mayOpenAt(pattern);
    return {
      url,
      area: page || undefined,
      answer: (who) => (who === "visitor" ? LOGIN : allowed.includes(who) ? entered : DENIED),
    };
  };

const written: Record<string, Rule | ((pattern: string) => Rule)> = {
  "/": open(),
  "/contact": open(),
  "/blog": open(),
  "/blog/:slug": open("/blog/security-and-anonymity"),
  "/privacy": open(),
  "/*": open("/no-such-page", 404),
  "/register/model": open(),
  "/permission-denied": open(),
  // Signed in already: to her own area.
  "/login": { answer: (who) => (who === "visitor" ? ok : { status: 302, location: home[who] }) },
  // Only POST signs out; a GET goes home.
  "/logout": { answer: () => ({ status: 302, location: "/" }) },
  // Only POST starts the round trip; a GET goes to /login.
  "/auth/google": { answer: () => ({ status: 302, location: "/login" }) },
  "/auth/continue": {
    answer: (who) => ({ status: 302, location: who === "visitor" ? "/login" : home[who] }),
  },
  // Only right after a correct password (Better Auth's two-factor cookie): otherwise to /login.
  "/login/two-factor": { answer: () => ({ status: 302, location: "/login" }) },
  "/account/security": screen(),
  "/account/notifications": screen(),
  "/register/affiliate": open(),
  "/forgot-password": open(),
  "/password-reset": open(),
  "/verify-email": open(),
  "/dashboard/model": screen(),
  // Her welcome call's page: the model of these tests has no approved application, and the
  // page says there is nothing to book yet.
  "/dashboard/model/welcome-call": screen(),
  // Her contract (issue 30): the page says there is none yet; no such contract's PDF is a 404.
  "/dashboard/model/contract": screen(),
  "/dashboard/model/contract/:contract/pdf": screen(
    { status: 404 },
    { url: "/dashboard/model/contract/999999/pdf", page: false },
  ),
  // Her monthly statements (issue 30); no statement has this number: 404 for its files.
  "/dashboard/model/statements": screen(),
  "/dashboard/model/statements/:id/:format": screen(
    { status: 404 },
    { url: "/dashboard/model/statements/999999/pdf", page: false },
  ),
  // Her identity check's page: the model of these tests has no approved application, and the
  // page says there is nothing to send yet.
  "/dashboard/model/identity": screen(),
  "/portal": screen(),
  // Her QR code's files, and a mailed link without its token (issue 31).
  "/portal/qr.png": screen(ok, { page: false }),
  "/portal/qr.svg": screen(ok, { page: false }),
  "/portal/payout-details/confirm": screen({ status: 404 }, { page: false }),
  // Her first screen: the dashboard, or an editor's articles.
  "/admin": (pattern) => {
    const allowed = mayOpenAt(pattern);
    return {
      area: true,
      answer: (who) =>
        who === "visitor"
          ? LOGIN
          : allowed.includes(who)
            ? { status: 302, location: home[who] }
            : DENIED,
    };
  },
  "/admin/dashboard": screen(),
  "/admin/cadastros": screen(),
  "/admin/pendentes": screen(),
  "/admin/aprovados": screen(),
  "/admin/reprovados": screen(),
  "/admin/analytics": screen(),
  // One of the manager's tables as a file (issue 31): staff get it.
  "/admin/analytics/csv/:table": screen(ok, { url: "/admin/analytics/csv/backlog", page: false }),
  "/admin/production-checklist": screen(),
  "/admin/tech-report": screen(),
  "/admin/users": screen(),
  "/admin/auth-report": screen(),
  // A file, not a page: staff get it, the rest are sent away like from any admin screen.
  "/admin/export.csv": screen(ok, { page: false }),
  // No application has this number: staff get the 404, everyone else never learns that.
  "/admin/cadastros/:id": screen({ status: 404 }, { url: "/admin/cadastros/999999", page: false }),
  // Approvers read the affiliates; changes there are an admin's (access-actions.ts).
  "/admin/afiliados": screen(),
  "/admin/afiliados/:id": screen({ status: 404 }, { url: "/admin/afiliados/999999", page: false }),
  // Payout batches (issue 31, the admin's): the list, and a batch that does not exist.
  "/admin/afiliados/pagamentos": screen(),
  "/admin/afiliados/pagamentos/:batch": screen(
    { status: 404 },
    { url: "/admin/afiliados/pagamentos/999999", page: false },
  ),
  "/admin/afiliados/pagamentos/:batch/payouts.csv": screen(
    { status: 404 },
    { url: "/admin/afiliados/pagamentos/999999/payouts.csv", page: false },
  ),
  // The old single page: on to its first screen (its own guard first).
  "/admin/email": screen({ status: 302, location: "/admin/email/smtp" }, { page: false }),
  "/admin/email/smtp": screen(),
  "/admin/email/templates": screen(),
  "/admin/email/whatsapp": screen(),
  "/admin/email/contact": screen(),
  "/admin/email/reasons": screen(),
  "/admin/email/outbox": screen(),
  "/admin/access-report": screen(),
  "/admin/access-report.csv": screen(ok, { page: false }),
  // Privacy: anyone may ask by e-mail; a confirm page without a valid link says so (200).
  "/privacy/request": open(),
  "/privacy/confirm": open(),
  // POST only (the file of a mailed export link); a GET goes to the page, for everyone.
  "/privacy/data.json": { answer: () => ({ status: 302, location: "/privacy/confirm" }) },
  // Her own data as a file.
  "/account/data.json": screen(ok, { page: false }),
  // POST only (her erasure request); a GET goes back to the dashboard, for everyone.
  "/account/privacy": { answer: () => ({ status: 302, location: "/dashboard/model" }) },
  // An application's data; no application has this number.
  "/admin/cadastros/:id/data.json": screen(
    { status: 404 },
    { url: "/admin/cadastros/999999/data.json", page: false },
  ),
  // POST only (access-actions.ts): past its guard, a GET goes to the application's page.
  "/admin/cadastros/:id/erase": screen(
    { status: 302, location: "/admin/cadastros/999999" },
    { url: "/admin/cadastros/999999/erase", page: false },
  ),
  // POST only (access-actions.ts): a GET records nothing and goes to the application's page.
  "/admin/cadastros/:id/contact": screen(
    { status: 302, location: "/admin/cadastros/999999" },
    { url: "/admin/cadastros/999999/contact", page: false },
  ),
  // Working as a team (issue 28): POST only, a GET goes back to the page the form is on.
  "/admin/cadastros/:id/team": screen(
    { status: 302, location: "/admin/cadastros/999999" },
    { url: "/admin/cadastros/999999/team", page: false },
  ),
  "/admin/bulk-tag": screen({ status: 302, location: "/admin/cadastros" }, { page: false }),
  // Her talent manager (issue 29): POST only, a GET goes back to her page or the approved list.
  "/admin/cadastros/:id/manager": screen(
    { status: 302, location: "/admin/cadastros/999999" },
    { url: "/admin/cadastros/999999/manager", page: false },
  ),
  "/admin/bulk-manager": screen({ status: 302, location: "/admin/aprovados" }, { page: false }),
  "/admin/profile": screen(),
  "/admin/views": screen({ status: 302, location: "/admin/cadastros" }, { page: false }),
  "/admin/tags": screen(),
  // A manager's week of welcome calls and her own availability (issue 29).
  "/admin/agenda": screen(),
  "/admin/agenda/availability": screen(),
  // Monthly statements (issue 30): a month's list, the import (the admin's), and her month of
  // an application that does not exist.
  "/admin/statements": screen(),
  "/admin/statements/import": screen(),
  "/admin/statements/:submission/:month": screen(
    { status: 404 },
    { url: "/admin/statements/999999/2026-05", page: false },
  ),
  // After approval (issue 29): the view, the admin's list of steps, and the page a refused
  // change to a step lands on (POST only: access-actions.ts).
  "/admin/onboarding": screen(),
  "/admin/onboarding/steps": screen(),
  "/admin/cadastros/:id/onboarding": screen(ok, { url: "/admin/cadastros/999999/onboarding" }),
  // Her contract (issue 30): the templates, and of no such application the panel and the PDF.
  "/admin/contracts": screen(),
  "/admin/cadastros/:id/contract": screen(
    { status: 404 },
    { url: "/admin/cadastros/999999/contract", page: false },
  ),
  "/admin/cadastros/:id/contract/:contract/pdf": screen(
    { status: 404 },
    { url: "/admin/cadastros/999999/contract/1/pdf", page: false },
  ),
  // The page a refused note or merge lands on without JavaScript (POST only: access-actions.ts).
  "/admin/cadastros/:id/notes": screen(ok, { url: "/admin/cadastros/999999/notes" }),
  // Her photos (decision 045): the staff's only; no such photo of no such application is a 404.
  "/admin/cadastros/:id/photos/:photo/:size": screen(
    { status: 404 },
    { url: "/admin/cadastros/999999/photos/1/thumb", page: false },
  ),
  "/admin/cadastros/:id/merge": screen(ok, { url: "/admin/cadastros/999999/merge" }),
  // Her identity check and its photos (issue 30): the staff's only; none of no application: 404.
  "/admin/cadastros/:id/identity/:check": screen(
    { status: 404 },
    { url: "/admin/cadastros/999999/identity/1", page: false },
  ),
  "/admin/cadastros/:id/identity/:check/:side": screen(
    { status: 404 },
    { url: "/admin/cadastros/999999/identity/1/front", page: false },
  ),
  // POST only (access-actions.ts): a GET changes nothing and goes to the pending list.
  "/admin/undo": screen({ status: 302, location: "/admin/pendentes" }, { page: false }),
  "/admin/privacy": screen(),
  "/admin/privacy/identity": screen(),
  // Content: no article has this number; a GET of the upload endpoint goes to the articles.
  "/admin/blog": screen(),
  "/admin/blog/:id": screen({ status: 404 }, { url: "/admin/blog/999999", page: false }),
  "/admin/blog/:id/:language": screen(
    { status: 404 },
    { url: "/admin/blog/999999/pt", page: false },
  ),
  "/admin/blog/:id/:language/preview": screen(
    { status: 404 },
    { url: "/admin/blog/999999/pt/preview", page: false },
  ),
  "/admin/blog/:id/:language/preview/page": screen(
    { status: 404 },
    { url: "/admin/blog/999999/pt/preview/page", page: false },
  ),
  "/admin/blog/:id/:language/history": screen(
    { status: 404 },
    { url: "/admin/blog/999999/pt/history", page: false },
  ),
  "/admin/images": screen({ status: 302, location: "/admin/blog" }, { page: false }),
  "/admin/content": screen(),
  "/admin/site": screen(),
  "/blog/feed.xml": open("/blog/feed.xml?lang=pt"),
  // An image that does not exist, and a private preview link that was never made.
  "/media/:file": open("/media/999999-0123456789abcdef-480.webp", 404),
  "/blog/preview/:token": open("/blog/preview/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 404),
  "/api/geo-language": open(),
  // POST only (the chatbot's JSON): an empty application is refused alike for everyone.
  "/api/chatbot": { post: {}, answer: () => ({ status: 400 }) },
  // POST only (a beacon naming an allow-listed event): without one, refused alike for everyone.
  "/api/count": { post: {}, answer: () => ({ status: 400 }) },
  // Only the OAuth callback is exposed (and old verification links lead to /verify-email).
  "/api/auth/*": open("/api/auth/get-session", 404),
  "/sitemap.xml": open(),
  "/robots.txt": open(),
};

const rules: Record<string, Rule> = Object.fromEntries(
  Object.entries(written).map(([pattern, rule]) => [
    pattern,
    typeof rule === "function" ? rule(pattern) : rule,
  ]),
);

const ADMIN_EMAIL = "owner@example.com";
// A server of the matrix's own, which it changes (roles, settings): its owner's address, and no
// mail server until the admin saves one.
test.use({ serverEnv: { ADMIN_EMAIL, SMTP_URL: "" } });

test("every route of app/routes.ts has an access rule here", () => {
  const patterns = [...table.keys()];
  expect(
    patterns.filter((pattern) => !(pattern in rules)),
    "routes without a rule: add them to the table in access.spec.ts",
  ).toEqual([]);
  expect(
    Object.keys(rules).filter((pattern) => !table.has(pattern)),
    "rules of routes that no longer exist",
  ).toEqual([]);
});

test("every route with an action has a rule in access-actions.ts", () => {
  const withAction = patternsWithAction();
  expect(
    withAction.filter((pattern) => !(pattern in actionRules)),
    "routes with an action but no rule: add them to the table in access-actions.ts",
  ).toEqual([]);
  expect(
    Object.keys(actionRules).filter((pattern) => !withAction.includes(pattern)),
    "action rules of routes without an action",
  ).toEqual([]);
  // An allowed role's answer must differ from a refusal, or the matrix could not tell them apart.
  const alikeRefused = Object.entries(actionRules).flatMap(([pattern, rule]) =>
    (rule.allowed ?? []).flatMap((who) =>
      rule.posts
        .filter(({ answer }) =>
          [LOGIN, DENIED].some((refusal) => answer(who).location === refusal.location),
        )
        .map(({ intent }) => `${who} ${pattern} ${intent ?? ""}`),
    ),
  );
  expect(alikeRefused, "allowed answers that look like a refusal").toEqual([]);
});

test.describe("the access matrix", () => {
  // One server with its accounts; the actions change what later rows read.
  test.describe.configure({ mode: "serial" });

  let origin: string;
  const accounts = new Map<Exclude<Who, "visitor">, Account>();
  const clients = new Map<Who, APIRequestContext>();

  // Each client from an address of its own (the server trusts this machine as its proxy): the
  // actions' wrong passwords count against per-address sign-in limits.
  const newClient = (who: Who) =>
    http.newContext({
      baseURL: origin,
      extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${everyone.indexOf(who) + 1}` },
    });

  async function signIn(who: Exclude<Who, "visitor">) {
    const account = accounts.get(who)!;
    const client = await newClient(who);
    const response = await client.post("/login", {
      form: { email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(response.status(), `sign-in of ${who}`).toBe(302);
    expect(response.headers().location).toBe(home[who]);
    await clients.get(who)?.dispose();
    clients.set(who, client);
  }

  test.beforeAll(async ({ app }) => {
    origin = app.origin;
    for (const role of [
      "model",
      "affiliate",
      "approver",
      "editor",
      "admin",
    ] as const satisfies Role[]) {
      accounts.set(role, await app.account(role));
    }
    // Stored as a model; admin because her verified address is ADMIN_EMAIL.
    accounts.set("owner", await app.account("model", { email: ADMIN_EMAIL }));
    clients.set("visitor", await newClient("visitor"));
    for (const who of accounts.keys()) await signIn(who);
  });

  test.afterAll(async () => {
    for (const client of clients.values()) await client.dispose();
  });

  for (const who of everyone) {
    test(`as ${who}`, async () => {
      const client = clients.get(who)!;
      for (const [pattern, route] of table) {
        const rule = rules[pattern];
        if (!rule) continue; // reported by the test above
        const url = rule.url ?? pattern;
        const expected = rule.answer(who);
        const response =
          rule.post === undefined
            ? await client.get(url, { maxRedirects: 0 })
            : await client.post(url, { data: rule.post, maxRedirects: 0 });
        const label = `${who} ${rule.post === undefined ? "GET" : "POST"} ${url}`;
        expect(response.status(), label).toBe(expected.status);
        expect(response.headers().location, label).toBe(expectedLocation(expected, url));
        if (rule.area) await checkData(client, who, url, route.ids, expected);
      }
    });
  }

  actionMatrixTests(() => ({
    origin,
    client: (who) => clients.get(who)!,
    signIn,
  }));
});

/**
 * What client-side navigation fetches: `<path>.data`, all loaders or only some (`_routes`).
 * A refusal is React Router's redirect (202) and carries none of the area's data.
 */
async function checkData(
  client: APIRequestContext,
  who: Who,
  url: string,
  ids: string[],
  expected: Answer,
) {
  const leaf = ids.at(-1)!;
  for (const dataUrl of [`${url}.data`, `${url}.data?_routes=${encodeURIComponent(leaf)}`]) {
    const response = await client.get(dataUrl, { maxRedirects: 0 });
    const body = await response.text();
    const label = `${who} GET ${dataUrl}`;
    if (expected.status === 200) {
      expect(response.status(), label).toBe(200);
      expect(body, label).toContain(`"${leaf}"`);
      continue;
    }
    expect(response.status(), label).toBe(202);
    expect(body, label).toContain('"SingleFetchRedirect"');
    expect(body, label).toContain(`"redirect","${expectedLocation(expected, url)}"`);
    for (const id of ids) expect(body, `${label} leaks ${id}`).not.toContain(`"${id}"`);
  }
}
