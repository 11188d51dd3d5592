import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { request as http, type APIRequestContext } from "@playwright/test";
import { expect, languages, test, type Lang } from "./fixtures.ts";
import { root } from "./own-server.ts";

/**
 * Every page carries the strings it renders and nothing else (app/i18n/namespaces.ts): each page
 * of every area, in each of the six languages, is fetched as the role that sees it, and
 *  - the strings in its hydration data are read back to the namespace files they come from: a
 *    namespace the page's area has no use for (the admin's strings on the home page, another
 *    admin screen's on the list) fails the test;
 *  - a string the page renders but was not sent (its route forgot the namespace, or a language
 *    lacks the key) is reported by the translate function as "Missing string" in the server's
 *    log, which must have none (from these requests on) once every page was rendered.
 */

type Who = "visitor" | "model" | "affiliate" | "admin";

// The namespaces each page may carry besides `common`; the first must be there (it is the page's).
const pages: { url: string; who: Who; allowed: string[]; status?: number }[] = [
  // site-content: the default "how it works", sent as the page's content (like the FAQ), not as
  // strings, until the agency writes its own on the Site screen.
  {
    url: "/",
    who: "visitor",
    allowed: ["marketing", "blog", "preselection", "site", "site-content"],
  },
  { url: "/contact", who: "visitor", allowed: ["contact", "site"] },
  { url: "/blog", who: "visitor", allowed: ["blog", "site"] },
  { url: "/blog/security-and-anonymity", who: "visitor", allowed: ["blog", "site"] },
  { url: "/privacy", who: "visitor", allowed: ["privacy", "site"] },
  {
    url: "/privacy/request",
    who: "visitor",
    allowed: ["privacy-request", "privacy", "auth-errors", "site"],
  },
  { url: "/privacy/confirm", who: "visitor", allowed: ["privacy-confirm", "privacy", "site"] },
  { url: "/no-such-page", who: "visitor", allowed: ["site"], status: 404 },
  { url: "/permission-denied", who: "visitor", allowed: [] },
  { url: "/register/model", who: "visitor", allowed: ["preselection", "auth", "auth-errors"] },
  { url: "/login", who: "visitor", allowed: ["auth", "auth-errors"] },
  { url: "/forgot-password", who: "visitor", allowed: ["auth", "auth-errors"] },
  { url: "/password-reset", who: "visitor", allowed: ["auth", "auth-errors"] },
  { url: "/register/affiliate", who: "visitor", allowed: ["auth", "auth-errors"] },
  {
    url: "/dashboard/model",
    who: "model",
    allowed: [
      "model",
      "areas",
      "preselection",
      "privacy-controls",
      "auth-errors",
      "manager-card",
      "onboarding-model",
      "contracts",
      "identity",
    ],
  },
  // Her contract's page (issue 30): before any is offered, only that there is none yet.
  { url: "/dashboard/model/contract", who: "model", allowed: ["contracts", "model", "areas"] },
  // Her identity check's page (issue 30): before her approval, only that there is nothing to send.
  {
    url: "/dashboard/model/identity",
    who: "model",
    allowed: ["identity", "model", "areas"],
  },
  // Her welcome call's page (issue 29): before her approval, only that there is nothing to book.
  {
    url: "/dashboard/model/welcome-call",
    who: "model",
    allowed: ["welcome-call", "model", "areas"],
  },
  // Her monthly statements (issue 30): the model of these tests has none yet.
  { url: "/dashboard/model/statements", who: "model", allowed: ["statements", "areas"] },
  {
    url: "/account/security",
    who: "model",
    allowed: ["security", "areas", "auth", "auth-errors"],
  },
  {
    url: "/portal",
    who: "affiliate",
    allowed: ["portal", "areas", "payouts", "affiliate-program"],
  },
  ...[
    ["/admin/dashboard", "admin-dashboard", "onboarding", "contracts"],
    ["/admin/pendentes", "admin-list", "admin-keys", "admin-team", "manager"],
    ["/admin/cadastros", "admin-list", "admin-keys", "admin-team", "manager"],
    [
      "/admin/cadastros/:application",
      "admin-detail",
      "admin-privacy",
      "preselection",
      "admin-keys",
      "admin-team",
      "manager",
      "contact-templates",
      "onboarding",
      "contracts",
      "identity",
    ],
    ["/admin/analytics", "admin-analytics"],
    ["/admin/users", "admin-users"],
    ["/admin/auth-report", "admin-auth-report"],
    ["/admin/email/smtp", "admin-email", "contact-templates"],
    ["/admin/email/templates", "admin-email", "contact-templates"],
    ["/admin/email/whatsapp", "admin-email", "contact-templates"],
    ["/admin/email/contact", "admin-email", "contact-templates"],
    ["/admin/email/reasons", "admin-email", "contact-templates"],
    ["/admin/email/outbox", "admin-email", "contact-templates"],
    ["/admin/production-checklist", "admin-checklist"],
    ["/admin/tech-report", "admin-tech"],
    ["/admin/afiliados", "admin-affiliates", "affiliate-program"],
    ["/admin/afiliados/:affiliate", "admin-affiliates", "affiliate-program", "admin-payouts"],
    // Payout batches (issue 31).
    ["/admin/afiliados/pagamentos", "admin-payouts"],
    ["/admin/access-report", "admin-access-report", "admin-affiliates", "contact-templates"],
    ["/admin/privacy", "admin-privacy", "identity"],
    ["/admin/privacy/identity", "identity"],
    ["/admin/tags", "admin-team"],
    ["/admin/profile", "manager", "admin-images"],
    ["/admin/agenda", "welcome-call"],
    ["/admin/agenda/availability", "welcome-call"],
    ["/admin/onboarding", "onboarding", "admin-keys"],
    ["/admin/onboarding/steps", "onboarding"],
    ["/admin/contracts", "contracts"],
    ["/admin/statements", "statements"],
    ["/admin/statements/import", "statements"],
  ].map(([url, ...own]) => ({
    url: url!,
    who: "admin" as const,
    allowed: [...own, "admin", "areas", "auth-errors"],
  })),
];

const localesDir = path.join(root, "app/i18n/locales");

function leaves(tree: unknown): string[] {
  return typeof tree === "string" ? [tree] : Object.values(tree as object).flatMap(leaves);
}

/** Each namespace's distinct texts in a language. */
function namespaceTexts(lang: Lang): Map<string, Set<string>> {
  const folder = path.join(localesDir, lang);
  return new Map(
    readdirSync(folder).map((file) => [
      file.replace(/\.json$/, ""),
      new Set(leaves(JSON.parse(readFileSync(path.join(folder, file), "utf8")))),
    ]),
  );
}

/**
 * The strings of a page's hydration data: React Router inlines its loaders' data as a
 * turbo-stream, a JSON array (keys and values as strings, each once) inside a JS string literal.
 */
export function hydrationStrings(html: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)) {
    const flat = JSON.parse(JSON.parse(match[1]!) as string) as unknown[];
    for (const item of flat) if (typeof item === "string") found.add(item);
  }
  return found;
}

/** The namespaces whose texts the page carries (nearly all of them: a few may repeat elsewhere). */
function namespacesIn(carried: Set<string>, texts: Map<string, Set<string>>): string[] {
  return [...texts]
    .filter(([, values]) => {
      const hits = [...values].filter((value) => carried.has(value)).length;
      return hits / values.size >= 0.8;
    })
    .map(([namespace]) => namespace)
    .sort();
}

test.describe("strings by page", () => {
  test.describe.configure({ mode: "serial" });
  const clients = new Map<Who, APIRequestContext>();
  const ids: Record<string, string> = {};
  // The worker's server has served other specs before: its log is read from here on.
  let logFrom = 0;

  test.beforeAll(async ({ app }) => {
    logFrom = statSync(app.log).size;
    clients.set("visitor", await http.newContext({ baseURL: app.origin }));
    for (const role of ["model", "affiliate", "admin"] as const) {
      const client = await http.newContext({ baseURL: app.origin });
      await app.signIn(client, role);
      clients.set(role, client);
    }
    // An application and an affiliate, for the detail screens.
    const sent = await clients.get("visitor")!.post("/?index", {
      form: {
        fullName: "Ana Strings",
        age: "25",
        email: "ana@strings.example",
        instagram: "@ana.strings",
        experience: "beginner",
        message: "Quero começar com segurança e com apoio.",
        consent: "on",
        website: "",
      },
      headers: { origin: app.origin },
    });
    expect(sent.status()).toBe(200);
    const admin = clients.get("admin")!;
    const list = await (await admin.get("/admin/pendentes")).text();
    // The list's links name the list they were opened from (?list=pendentes).
    ids.application = /href="\/admin\/cadastros\/(\d+)[?"]/.exec(list)![1]!;
    const affiliates = await (await admin.get("/admin/afiliados")).text();
    ids.affiliate = /href="\/admin\/afiliados\/(\d+)"/.exec(affiliates)![1]!;
  });

  test.afterAll(async () => {
    for (const client of clients.values()) await client.dispose();
  });

  for (const lang of languages) {
    test(`each page carries only its own strings, in ${lang}`, async () => {
      const texts = namespaceTexts(lang);
      for (const page of pages) {
        const url = page.url.replace(/:(\w+)/, (_, name: string) => ids[name]!);
        // ?lang= rather than a Cookie header, which would replace the session's cookie.
        const answer = await clients.get(page.who)!.get(`${url}?lang=${lang}`, { maxRedirects: 0 });
        const label = `${page.who} ${url} (${lang})`;
        expect(answer.status(), label).toBe(page.status ?? 200);
        const carried = namespacesIn(hydrationStrings(await answer.text()), texts);
        expect(carried, `${label} carries the shell's strings`).toContain("common");
        if (page.allowed[0]) expect(carried, `${label} carries its own`).toContain(page.allowed[0]);
        // The account menu's strings come with a session, and only with one.
        const shell = page.who === "visitor" ? ["common"] : ["common", "account-menu"];
        if (page.who !== "visitor") expect(carried, label).toContain("account-menu");
        const foreign = carried.filter(
          (name) => !shell.includes(name) && !page.allowed.includes(name),
        );
        expect(foreign, `${label} carries strings of another area`).toEqual([]);
      }
    });
  }

  test("no page rendered a string it was not sent", ({ app }) => {
    const log = readFileSync(app.log).subarray(logFrom).toString("utf8");
    const missing = log.split("\n").filter((line) => line.includes("Missing string"));
    expect(missing).toEqual([]);
  });
});
