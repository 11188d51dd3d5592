import { randomBytes } from "node:crypto";
import { eq, ilike, inArray, like, or } from "drizzle-orm";
import fc, { type Arbitrary } from "fast-check";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  blogPosts,
  blogTranslations,
  homeItems,
  mailTemplates,
  outbox,
  privacyRequests,
  rateLimits,
  rejectionReasons,
  submissions,
  user,
} from "#app/db/schema.server.ts";
import { createAffiliate } from "#app/auth/affiliate-account.server.ts";
import { createArticle } from "#app/features/blog/editor.server.ts";
import { addHomeItem } from "#app/features/content/home-items.server.ts";
import { rejectionTemplateKey } from "#app/mail/rejection-reasons.server.ts";
import { experienceLevels } from "#app/features/preselection/fields.ts";
import { submissionStatuses } from "#app/db/submission-statuses.ts";
import { languages } from "#app/i18n/languages.ts";
import * as root from "#app/root.tsx";
import routeConfig from "#app/routes.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import {
  exact,
  hostileText,
  junkCookies,
  junkHeaders,
  payload,
  queryString,
  type Fields,
} from "#app/test/hostile.ts";
import { outcomeOf } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { paced } from "#app/test/pace.ts";

/**
 * Every action and every loader of the route table, called in-process with random and hostile
 * input (app/test/hostile.ts): wrong types, huge strings, unicode edge cases, prototype keys, SQL
 * and markup, repeated fields, the wrong Content-Type, broken JSON, odd cookies and headers.
 * Signed-in routes run as the role they are for, so the fuzz reaches past the guard.
 * The property: the answer is never a server error (and nothing throws).
 *
 * Every route file in app/routes.ts that exports an action or a loader must have its entry in
 * `fuzzed` below, or the first test fails. A failure prints the error, fast-check's seed and the
 * input; `FUZZ_SEED=<seed> npx vitest run <this file> -t '<test name>'` replays it, and
 * FUZZ_RUNS=<n> runs every property n times (30 per action and 12 per loader by default).
 *
 * The database may be shared with other test files running at the same time (TEST_DATABASE_URL),
 * so the fuzz changes only rows of its own: its accounts and applications, its rejection reason
 * and that reason's template. Settings every instance shares (SMTP, the retention period, the
 * built-in templates, the list of reasons) are only ever sent values their schemas refuse.
 */

const PASSWORD = "senha-de-fuzz-bem-longa";
const runs = (n: number) => Number(process.env.FUZZ_RUNS ?? n);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Who = "visitor" | "model" | "security" | "affiliate" | "admin";
type RouteModule = { action?: Handler; loader?: Handler };
type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;

/** How one handler of a route is fuzzed. */
interface Fuzz {
  as?: Who;
  /** The path without query string (a pattern's parameters filled in). */
  path: string | Arbitrary<string>;
  /** Query parameters the handler reads; strange ones are added. */
  query?: Fields;
  /** Form fields an action reads. */
  fields?: Fields;
  /** Route parameters (`:id`, `:slug`). */
  params?: Arbitrary<Record<string, string>>;
  runs?: number;
}

interface Covered {
  action?: Fuzz | Fuzz[];
  loader?: Fuzz;
}

/** A failure in a few readable lines: the error, how to replay it, the input with long text cut. */
function failureReport<Input>(details: fc.RunDetails<[Input]>) {
  const error = details.errorInstance;
  const describe = (value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message.slice(0, 300)}` : String(value);
  const cause = error instanceof Error && error.cause ? ` ← ${describe(error.cause)}` : "";
  const where =
    error instanceof Error
      ? (error.stack?.split("\n").find((line) => /\/app\//.test(line) && !/\.test\./.test(line)) ??
        "")
      : "";
  const message = `${describe(error)}${cause}${where ? `\n${where.trim()}` : ""}`;
  const input = JSON.stringify(details.counterexample?.[0], (_key, value: unknown) => {
    if (typeof value === "string" && value.length > 160) {
      return `${value.slice(0, 160)}…(${value.length} characters)`;
    }
    if (value instanceof FormData) return [...value].map(([k, v]) => [k, String(v)]);
    return value;
  });
  return [
    message.slice(0, 2000),
    `replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`,
    `input: ${input}`,
  ].join("\n");
}

describe.each(routeTestTargets)("hostile input to every route on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  // Each client its own IPv6 /64 (a limit counts a /64 as one address), all of them this run's.
  const ipPrefix = `2001:0db8:${marker.slice(0, 4)}:`;
  let ipCount = 0;
  const email = (name: string) => `${name}.${marker}@example.com`;
  /** An address of this run: what a valid sign-up or application may use (removed afterwards). */
  const ownAddress = fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.boolean())
    .map(([local, upper]) => (upper ? email(local).toUpperCase() : email(local)));

  const cookies = new Map<Who, string>();
  const ids = { admin: "", model: "", security: "", affiliate: "", targetA: "", targetB: "" };
  let affiliateId = 0;
  let reasonId = 0;
  /** This run's own article and FAQ items: the fuzz edits, publishes and deletes only those. */
  let articleId = 0;
  const homeItemIds: number[] = [];
  const applications: number[] = [];
  const oidc = new OAuth2Server();

  /** An id of this run's rows, or one that names nothing. */
  const idOf = (own: () => (string | number)[]) =>
    fc.oneof(
      {
        arbitrary: fc.nat().map((index) => {
          const list = own();
          return String(list[index % list.length]);
        }),
        weight: 3,
      },
      {
        arbitrary: fc.constantFrom(
          "0",
          "-1",
          "1.5",
          "1e3",
          "0x10",
          " 7",
          "７",
          "9".repeat(20),
          "NaN",
          "",
        ),
        weight: 2,
      },
      {
        arbitrary: fc.constantFrom("<script>", "1 OR 1=1", "__proto__", "\u0000", "\uD800"),
        weight: 1,
      },
    );

  const validText = (...values: string[]) => fc.constantFrom(...values);
  const preselection: Fields = {
    fullName: validText("Ana Souza", "Lúcia Fernández"),
    age: fc.integer({ min: 18, max: 60 }).map(String),
    email: ownAddress,
    whatsapp: validText("+55 48 99999-9999", ""),
    instagram: validText("@ana.souza"),
    experience: fc.constantFrom(...experienceLevels),
    message: validText("Quero começar a criar conteúdo."),
    consent: fc.constant("on"),
    website: fc.constant(""),
  };
  const chatbot: Fields = {
    fullName: validText("Ana Souza"),
    dateOfBirth: validText("1990-05-17", "2010-01-01"),
    country: validText("BR", "PT", "ZZ"),
    city: validText("Florianópolis"),
    phone: validText("+55 (48) 99999-9999"),
    email: ownAddress,
    document: validText("123.456.789-09", "AB123456"),
    instagram: validText("@ana"),
    experience: fc.constantFrom(...experienceLevels),
    message: validText("Quero começar a criar conteúdo."),
    consent: fc.constant("on"),
    website: fc.constant(""),
  };
  const language = fc.constantFrom(...languages.map((l) => l.code));
  const password = validText(PASSWORD, "Password123", "short");
  const returnPath = validText("/portal", "//evil.example", "https://evil.example/", "/\\evil");
  const statuses = fc.constantFrom(...submissionStatuses);
  const day = validText("2026-01-31", "2026-02-30", "31/01/2026", "");
  // A keyset list's position: well-formed, garbage the old parser let through to the database
  // (a 500), an impossible date (app/routes/list-cursors.server.test.ts tries many more).
  const cursor = validText(
    "2026-01-01 00:00:00.123456+00~5",
    "aaaaaaaaaa~1",
    "2026-02-30 03:12:04+00~1",
    "x_y",
  );

  /** Which handler of which route file gets which input. */
  const fuzzed: Record<string, Covered> = {
    "routes/_marketing/home.tsx": {
      action: {
        path: "/",
        query: { index: fc.constant(""), lang: language },
        fields: preselection,
      },
      loader: { path: "/", query: { lang: language, ref: validText("ANA-2026") } },
    },
    "routes/_marketing/layout.tsx": { loader: { path: "/", query: { lang: language } } },
    "routes/_marketing/contact.tsx": { loader: { path: "/contact", query: { lang: language } } },
    "routes/_marketing/blog.tsx": { loader: { path: "/blog", query: { lang: language } } },
    "routes/_marketing/blog-post.tsx": {
      loader: {
        path: "/blog/x",
        params: fc.record({ slug: fc.oneof(validText("security-and-anonymity"), hostileText) }),
      },
    },
    "routes/_marketing/privacy.tsx": { loader: { path: "/privacy" } },
    "routes/_marketing/privacy-request.tsx": {
      action: {
        path: "/privacy/request",
        fields: { email: ownAddress, kind: validText("export", "erase") },
      },
      loader: { path: "/privacy/request" },
    },
    "routes/_marketing/privacy-confirm.tsx": {
      action: {
        path: "/privacy/confirm",
        fields: {
          token: fc.base64String({ minLength: 40, maxLength: 48 }),
          intent: validText("export", "erase"),
        },
      },
      loader: { path: "/privacy/confirm", query: { token: fc.base64String({ maxLength: 48 }) } },
    },
    "routes/_marketing/privacy-data.ts": {
      action: {
        path: "/privacy/data.json",
        fields: { token: fc.base64String({ minLength: 40, maxLength: 48 }), intent: hostileText },
      },
      loader: { path: "/privacy/data.json" },
    },
    "routes/_marketing/not-found.tsx": {
      action: { path: "/no-such-page" },
      loader: { path: "/no-such-page", params: fc.record({ "*": hostileText }) },
    },
    "routes/register-model.tsx": {
      action: { path: "/register/model", fields: { ...preselection, password } },
      loader: { path: "/register/model" },
    },
    "routes/permission-denied.tsx": { loader: { path: "/permission-denied" } },
    "routes/_auth/login.tsx": {
      action: {
        path: "/login",
        fields: { email: ownAddress, password, redirect: returnPath },
      },
      loader: {
        path: "/login",
        query: { redirect: returnPath, notice: validText("reset"), error: validText("google") },
      },
    },
    "routes/_auth/two-factor.tsx": {
      action: {
        path: "/login/two-factor",
        fields: { code: validText("123456", "ABCD-1234"), redirect: returnPath },
      },
      loader: { path: "/login/two-factor", query: { redirect: returnPath } },
    },
    "routes/_auth/logout.ts": { action: { path: "/logout" }, loader: { path: "/logout" } },
    "routes/_auth/google.ts": {
      action: {
        path: "/auth/google",
        fields: { role: validText("model", "affiliate", "admin"), language, redirect: returnPath },
      },
      loader: { path: "/auth/google" },
    },
    "routes/_auth/continue.ts": {
      loader: {
        path: "/auth/continue",
        query: { redirect: returnPath, verified: validText("1"), error: validText("x") },
      },
    },
    "routes/_auth/register-affiliate.tsx": {
      action: {
        path: "/register/affiliate",
        query: { lang: language },
        fields: {
          name: validText("Lia Costa"),
          email: ownAddress,
          password,
          promotion: validText("Meu Instagram sobre criação de conteúdo, 12k seguidores."),
        },
      },
      loader: { path: "/register/affiliate" },
    },
    "routes/_auth/forgot-password.tsx": {
      action: { path: "/forgot-password", fields: { email: ownAddress } },
      loader: { path: "/forgot-password" },
    },
    "routes/_auth/password-reset.tsx": {
      action: {
        path: "/password-reset",
        fields: {
          token: fc.base64String({ minLength: 16, maxLength: 32 }),
          password,
          name: validText("Lia Costa"),
          role: validText("model", "affiliate", "admin"),
        },
      },
      loader: { path: "/password-reset", query: { claim: validText("1") } },
    },
    "routes/_auth/verify-email.tsx": {
      action: {
        path: "/verify-email",
        fields: { token: validText("eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl") },
      },
      loader: { path: "/verify-email", query: { token: fc.base64String({ maxLength: 60 }) } },
    },
    "routes/areas/model-dashboard.tsx": {
      action: {
        as: "model",
        path: "/dashboard/model",
        fields: {
          name: validText("Bia Lima"),
          whatsapp: validText("+55 48 98888-7777", ""),
          instagram: validText("@bia", ""),
          language,
        },
      },
      loader: { as: "model", path: "/dashboard/model", query: { saved: validText("profile") } },
    },
    // Her welcome call: the fuzz's model has no approved application, so every post is refused.
    "routes/areas/welcome-call.tsx": {
      action: {
        as: "model",
        path: "/dashboard/model/welcome-call",
        fields: {
          intent: validText("book", "move", "cancel"),
          start: validText("2030-01-07T12:00:00.000Z", "yesterday"),
          tz: validText("Europe/Lisbon", "Mars/Olympus", ""),
          call: validText("1", "0"),
        },
      },
      loader: {
        as: "model",
        path: "/dashboard/model/welcome-call",
        query: { tz: validText("Asia/Tokyo", "Not/AZone") },
      },
    },
    // Her contract (issue 30): the fuzz's model has no contract, so every post is refused.
    "routes/areas/contract.tsx": {
      action: {
        as: "model",
        path: "/dashboard/model/contract",
        fields: {
          intent: validText("sign", "withdraw-consent", "x"),
          contract: validText("1", "0", "x"),
          sha256: validText("a".repeat(64), "zz"),
          name: validText("Bia Lima", ""),
          agree: validText("yes", ""),
          secret: validText(PASSWORD, "123456", ""),
          confirm: validText("yes", ""),
        },
      },
      loader: {
        as: "model",
        path: "/dashboard/model/contract",
        query: { done: validText("signed", "consent", "x") },
      },
    },
    "routes/areas/contract-pdf.ts": {
      loader: {
        as: "model",
        path: "/dashboard/model/contract/1/pdf",
        params: fc.record({ contract: validText("1", "0", "x", "9".repeat(20)) }),
      },
    },
    // Her identity check: the fuzz's model has no approved application, and a form that is no
    // multipart upload is refused as such.
    "routes/areas/identity.tsx": {
      action: {
        as: "model",
        path: "/dashboard/model/identity",
        fields: {
          documentType: validText("passport", "id-card", "driving-licence"),
          front: validText("not a photo"),
          selfie: validText("not a photo"),
        },
      },
      loader: { as: "model", path: "/dashboard/model/identity", query: { sent: validText("1") } },
    },
    "routes/areas/portal.tsx": {
      // Her payout details (issue 31): the fuzz's affiliate's password is never guessed here.
      action: {
        as: "affiliate",
        path: "/portal",
        fields: {
          intent: validText("payout-details"),
          method: validText("pix", "bank", "x"),
          keyType: validText("cpf", "cnpj", "email", "phone", "random", "x"),
          key: validText("529.982.247-25", "=1+1", "a@b.co", "(48) 99999-2020", ""),
          bankCode: validText("260", "2600"),
          branch: validText("0001", "x"),
          account: validText("12345-6", "12345"),
          accountType: validText("checking", "x"),
          holderName: validText("Ana", "=cmd"),
          holderDocument: validText("52998224725", "1"),
          password: validText("not-her-password", ""),
        },
      },
      loader: {
        as: "affiliate",
        path: "/portal",
        query: { weeks: validText("4", "12", "52"), page: validText("1", "2") },
      },
    },
    "routes/areas/portal-qr.ts": { loader: { as: "affiliate", path: "/portal/qr.png" } },
    "routes/areas/payout-details-confirm.tsx": {
      action: {
        as: "affiliate",
        path: "/portal/payout-details/confirm",
        fields: { token: validText("guessed", "", "x".repeat(200)) },
      },
      loader: {
        as: "affiliate",
        path: "/portal/payout-details/confirm",
        query: { token: validText("guessed", "", "x".repeat(200)) },
      },
    },
    "routes/account/security.tsx": {
      action: {
        as: "security",
        path: "/account/security",
        fields: {
          intent: validText("enable", "confirm", "password", "signOutOthers", "disable"),
          password: validText("not-her-password"),
          code: validText("123456"),
          currentPassword: validText("not-her-password"),
          newPassword: validText("outra-senha-bem-longa"),
          signOutOthers: validText("on"),
        },
      },
      loader: { as: "model", path: "/account/security", query: { notice: validText("enabled") } },
    },
    "routes/account/notifications.tsx": {
      action: {
        as: "admin",
        path: "/account/notifications",
        fields: {
          mode: validText("instant", "digest", "off"),
          digestHour: validText("0", "8", "23", "24", "-1"),
        },
      },
      loader: { as: "admin", path: "/account/notifications" },
    },
    "routes/account/data-json.ts": { loader: { as: "model", path: "/account/data.json" } },
    "routes/account/privacy.ts": {
      action: {
        as: "model",
        path: "/account/privacy",
        fields: { intent: validText("erase"), confirm: validText("yes") },
      },
      loader: { as: "model", path: "/account/privacy" },
    },
    "routes/admin/layout.tsx": { loader: { as: "admin", path: "/admin" } },
    "routes/admin/index.ts": { loader: { as: "admin", path: "/admin" } },
    "routes/admin/dashboard.tsx": { loader: { as: "admin", path: "/admin/dashboard" } },
    "routes/admin/submissions.tsx": {
      action: {
        as: "admin",
        path: "/admin/pendentes",
        fields: {
          to: statuses,
          id: exact(idOf(() => applications)),
          note: validText("Perfil aprovado."),
        },
      },
      loader: {
        as: "admin",
        path: fc.constantFrom("/admin/cadastros", "/admin/pendentes", "/admin/aprovados"),
        query: {
          q: validText("ana", "%", "_"),
          source: validText("form", "chatbot"),
          language,
          affiliate: validText("1"),
          sort: validText("oldest", "name"),
          after: cursor,
        },
      },
    },
    "routes/admin/submission.tsx": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1",
        params: fc.record({ id: idOf(() => applications) }),
        fields: {
          intent: validText("reveal", "status"),
          from: statuses,
          to: statuses,
          note: validText("Nota da revisão."),
          reason: exact(idOf(() => [reasonId])),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1",
        params: fc.record({ id: idOf(() => applications) }),
        query: { notice: statuses },
      },
    },
    "routes/admin/submission-data.ts": {
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/data.json",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    "routes/admin/submission-erase.ts": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/erase",
        params: fc.record({ id: idOf(() => applications) }),
        fields: { confirm: validText("yes") },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/erase",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    // Taking back a decision within its minute (issue 28): ids of decisions that are not hers
    // or not there, and a way back that is not this site's.
    "routes/admin/undo.ts": {
      action: {
        as: "admin",
        path: "/admin/undo",
        fields: { decision: validText("1", "999999999", "x"), back: returnPath },
      },
      loader: { as: "admin", path: "/admin/undo" },
    },
    "routes/admin/submission-photo.ts": {
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/photos/1/thumb",
        params: fc.record({
          id: idOf(() => applications),
          photo: fc.oneof(fc.constant("1"), fc.string()),
          size: fc.constantFrom("thumb", "large", "original", ""),
        }),
      },
    },
    // Her identity check (issue 30): checks that are not there, answers of every shape.
    "routes/admin/submission-identity.tsx": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/identity/1",
        params: fc.record({
          id: idOf(() => applications),
          check: fc.oneof(fc.constant("1"), fc.string()),
        }),
        fields: {
          intent: validText("confirm", "retake"),
          type: validText("passport", "id-card", "driving-licence"),
          match: validText("yes"),
          bornOn: validText("2000-01-01", "2030-02-31", "2020-01-01"),
          reason: validText("A foto está borrada."),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/identity/1",
        params: fc.record({
          id: idOf(() => applications),
          check: fc.oneof(fc.constant("1"), fc.string()),
        }),
        query: { done: validText("confirmed", "retake") },
      },
    },
    "routes/admin/submission-identity-photo.ts": {
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/identity/1/front",
        params: fc.record({
          id: idOf(() => applications),
          check: fc.oneof(fc.constant("1"), fc.string()),
          side: fc.constantFrom("front", "back", "selfie", "original", ""),
        }),
      },
    },
    "routes/admin/submission-contact.ts": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/contact",
        params: fc.record({ id: idOf(() => applications) }),
        fields: {
          method: validText("whatsapp", "email"),
          purpose: validText("more-photos", "{{booking_link}}"),
          url: validText("https://evil.example"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/contact",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    "routes/admin/submission-notes.tsx": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/notes",
        params: fc.record({ id: idOf(() => applications) }),
        fields: {
          intent: validText("add", "edit", "delete"),
          body: validText("<b>nota</b> @Ana", ""),
          note: validText("1", "999999"),
          mention: validText("user-1"),
          js: validText("1"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/notes",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    // Issue 29's onboarding: the view, one application's steps, and the agency's list of steps,
    // which every instance shares: only ever sent forms its schema refuses (no step id is valid).
    "routes/admin/onboarding.tsx": {
      loader: {
        as: "admin",
        path: "/admin/onboarding",
        query: {
          owner: validText("me", "", "user-1"),
          overdue: validText("1", "0"),
          after: validText("2026-12-01~1", "2026-02-30~1"),
        },
      },
    },
    "routes/admin/onboarding-steps.tsx": {
      action: {
        as: "admin",
        path: "/admin/onboarding/steps",
        fields: {
          intent: validText("create", "update", "move", "archive", "restore"),
          step: validText("0", "x"),
          direction: validText("up", "down"),
          title_pt: validText("", "Contrato"),
          dueDays: validText("7", "400"),
        },
      },
      loader: { as: "admin", path: "/admin/onboarding/steps" },
    },
    "routes/admin/submission-onboarding.tsx": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/onboarding",
        params: fc.record({ id: idOf(() => applications) }),
        fields: {
          intent: validText("done", "skip", "reopen", "owner", "due", "note"),
          step: validText("1", "999999"),
          seen: validText("todo", "done"),
          reason: validText("", "Já verificado"),
          owner: validText("", "user-1"),
          dueOn: validText("2026-12-01", "2026-02-30"),
          body: validText("nota @Ana", ""),
          back: validText("/admin/onboarding?overdue=1", "https://evil.example/"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/onboarding",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    // Her contract (issue 30): the templates and the agency's details, her page's contract
    // panel (the fuzz's applications are not approved: offers are refused), its PDF.
    "routes/admin/contracts.tsx": {
      action: {
        as: "admin",
        path: "/admin/contracts",
        fields: {
          intent: validText("save", "publish", "preview", "agency", "x"),
          language: validText("pt", "sv", "xx"),
          title: validText("Contrato", "", "{{legal_name}}"),
          body: validText("## Objeto\n\n- {{legal_name}}", "{{nome}}", ""),
          legalName: validText("Maré Talent Ltda.", ""),
          cnpj: validText("11.222.333/0001-81", "11.222.333/0001-82", ""),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/contracts",
        query: { language: validText("pt", "de", "xx") },
      },
    },
    "routes/admin/submission-contract.tsx": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/contract",
        params: fc.record({ id: idOf(() => applications) }),
        fields: {
          intent: validText("offer", "withdraw", "countersign", "x"),
          share: validText("33.33", "100.01", "abc"),
          startsOn: validText("2026-12-01", "2026-02-30", ""),
          contract: validText("1", "0"),
          name: validText("Ana Admin", ""),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/contract",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    "routes/admin/submission-contract-pdf.ts": {
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/contract/1/pdf",
        params: fc.record({ id: idOf(() => applications), contract: validText("1", "0", "x") }),
      },
    },
    "routes/admin/submission-merge.tsx": {
      action: [
        {
          as: "admin",
          path: "/admin/cadastros/1/merge",
          params: fc.record({ id: idOf(() => applications) }),
          fields: {
            other: validText("1", "2"),
            keep: validText("this", "other"),
            confirm: validText("yes"),
          },
        },
        {
          as: "model",
          path: "/admin/cadastros/1/merge",
          params: fc.record({ id: idOf(() => applications) }),
          fields: { other: validText("1"), keep: validText("this"), confirm: validText("yes") },
        },
      ],
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/merge",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    // Issue 28's team work: owner, tags and rating of one application; bulk tags; saved views;
    // the admin's tags.
    "routes/admin/submission-team.ts": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/team",
        params: fc.record({ id: idOf(() => applications) }),
        fields: {
          intent: validText("assign", "tag", "untag", "rate", "nothing"),
          owner: validText("me", "", "someone-else"),
          tag: validText("1", "0", "x"),
          stars: validText("1", "5", "", "6"),
          return: returnPath,
        },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/team",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    "routes/admin/bulk-tag.ts": {
      action: {
        as: "admin",
        path: "/admin/bulk-tag",
        fields: {
          tag: validText("1", "0"),
          id: exact(idOf(() => applications)),
          return: returnPath,
        },
      },
      loader: { as: "admin", path: "/admin/bulk-tag" },
    },
    // Issue 29: her talent manager (one application, in bulk) and the staff's own profile.
    "routes/admin/submission-manager.ts": {
      action: {
        as: "admin",
        path: "/admin/cadastros/1/manager",
        params: fc.record({ id: idOf(() => applications) }),
        fields: { manager: validText("me", "", "someone-else"), return: returnPath },
      },
      loader: {
        as: "admin",
        path: "/admin/cadastros/1/manager",
        params: fc.record({ id: idOf(() => applications) }),
      },
    },
    "routes/admin/bulk-manager.ts": {
      action: {
        as: "admin",
        path: "/admin/bulk-manager",
        fields: {
          manager: validText("me", ""),
          id: exact(idOf(() => applications)),
          return: returnPath,
        },
      },
      loader: { as: "admin", path: "/admin/bulk-manager" },
    },
    "routes/admin/profile.tsx": {
      action: {
        as: "admin",
        path: "/admin/profile",
        fields: {
          displayName: validText("Ana do fuzz", ""),
          whatsapp: validText("+5548991234567", "(48) 99123-4567", "abc"),
          meetingUrl: validText("https://meet.example.com/ana", "javascript:alert(1)"),
          "intro-pt": validText("Olá!"),
          consent: validText("on"),
          removePhoto: validText("on"),
        },
      },
      loader: { as: "admin", path: "/admin/profile" },
    },
    "routes/admin/saved-views.ts": {
      action: {
        as: "admin",
        path: "/admin/views",
        fields: {
          intent: validText("save", "rename", "delete"),
          id: validText("1", "0"),
          name: validText("Mine", ""),
          href: validText("/admin/pendentes?owner=me", "https://evil.example/"),
          return: returnPath,
        },
      },
      loader: { as: "admin", path: "/admin/views" },
    },
    "routes/admin/agenda.tsx": {
      action: {
        as: "admin",
        path: "/admin/agenda",
        fields: {
          call: validText("1", "0"),
          outcome: validText("held", "missed", "maybe"),
          back: validText("?week=2030-01-07", "//evil.example"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/agenda",
        query: { week: validText("2030-01-07", "2030-02-31", "x"), manager: validText("me", "") },
      },
    },
    // Her own hours and days off (the admin's, this run's account); the invitations' title,
    // shared by every instance, only ever gets values its schema refuses.
    "routes/admin/agenda-availability.tsx": {
      action: {
        as: "admin",
        path: "/admin/agenda/availability",
        query: { intent: validText("hours", "addDay", "removeDay", "title") },
        fields: {
          intent: validText("hours", "addDay", "removeDay", "title"),
          day1: validText("09:00-12:00, 14:00-18:00", "25:00-26:00", ""),
          day3: validText("10:00-11:00, 10:30-12:00"),
          callMinutes: validText("30", "5", "x"),
          bufferMinutes: validText("15", "-1"),
          horizonDays: validText("21", "0"),
          noticeHours: validText("4", "999"),
          day: validText("2030-01-07", "2020-01-01", "2030-02-31"),
          title: validText("", "x".repeat(81)),
        },
      },
      loader: { as: "admin", path: "/admin/agenda/availability" },
    },
    // Monthly statements (issue 30): the fuzz's applications have no contract, so every
    // statement it asks for is refused (409) or not found; the import only ever previews or
    // stores rows that name none of them with a contract.
    "routes/admin/statements.tsx": {
      loader: {
        as: "admin",
        path: "/admin/statements",
        query: { month: validText("2026-05", "2026-13", "x"), imported: validText("3", "x") },
      },
    },
    "routes/admin/statement.tsx": {
      action: {
        as: "admin",
        path: "/admin/statements/1/2026-05",
        params: fc.record({
          submission: idOf(() => applications),
          month: validText("2026-05", "2026-13", "x"),
        }),
        fields: {
          intent: validText("add", "remove", "publish", "correct", "paid"),
          platform: validText("OnlyFans", "=1+1", ""),
          amount: validText("1.234,56", "-5", "1.234", "x"),
          line: validText("1", "0"),
          reason: validText("Estorno", ""),
          paidOn: validText("2026-06-05", "2026-02-31"),
          reference: validText("PIX 1", ""),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/statements/1/2026-05",
        params: fc.record({
          submission: idOf(() => applications),
          month: validText("2026-05", "2026-13", "x"),
        }),
        query: { done: validText("add", "x") },
      },
    },
    "routes/admin/statements-import.tsx": {
      action: {
        as: "admin",
        path: "/admin/statements/import",
        fields: {
          intent: validText("preview", "store"),
          csv: validText("1;2026-05;OnlyFans;1,00", "=1+1;x;@y;-1", 'a;"b\n', ""),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/statements/import",
        query: { month: validText("2026-05", "x") },
      },
    },
    "routes/areas/statements.tsx": { loader: { as: "model", path: "/dashboard/model/statements" } },
    // Payout batches (issue 31): the fuzz's affiliates have nothing payable, so a batch is
    // refused as empty (409) and every batch asked for is not found.
    "routes/admin/affiliate-payouts.tsx": {
      action: {
        as: "admin",
        path: "/admin/afiliados/pagamentos",
        fields: { intent: validText("create", "x") },
      },
      loader: { as: "admin", path: "/admin/afiliados/pagamentos" },
    },
    "routes/admin/affiliate-payout-batch.tsx": {
      action: {
        as: "admin",
        path: "/admin/afiliados/pagamentos/1",
        params: fc.record({ batch: validText("1", "0", "x", "999999999999999999999") }),
        fields: {
          intent: validText("paid", "cancel", "x"),
          reference: validText("PIX 1", "=1+1", ""),
          paidOn: validText("2026-06-05", "2026-02-31", "2999-01-01"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/afiliados/pagamentos/1",
        params: fc.record({ batch: validText("1", "0", "x") }),
      },
    },
    "routes/admin/affiliate-payout-batch-csv.ts": {
      loader: {
        as: "admin",
        path: "/admin/afiliados/pagamentos/1/payouts.csv",
        params: fc.record({ batch: validText("1", "0", "x") }),
      },
    },
    "routes/areas/statement-download.ts": {
      loader: {
        as: "model",
        path: "/dashboard/model/statements/1/pdf",
        params: fc.record({
          id: validText("1", "0", "999999999999999999999"),
          format: validText("pdf", "csv", "exe"),
        }),
      },
    },
    "routes/admin/tags.tsx": {
      action: {
        as: "admin",
        path: "/admin/tags",
        fields: {
          intent: validText("create", "update", "delete"),
          id: validText("1", "0"),
          name: validText("VIP", ""),
          colour: validText("brand", "red", "#ff0000"),
        },
      },
      loader: { as: "admin", path: "/admin/tags" },
    },
    "routes/admin/export.ts": {
      loader: {
        as: "admin",
        path: "/admin/export.csv",
        query: {
          list: validText("pendentes", "aprovados"),
          q: validText("ana"),
          sort: validText("name"),
        },
      },
    },
    "routes/admin/users.tsx": {
      action: {
        as: "admin",
        path: "/admin/users",
        fields: {
          intent: validText("role", "disable", "enable", "reset"),
          userId: exact(idOf(() => [ids.targetA, ids.targetB, ids.admin])),
          role: validText("model", "affiliate", "approver", "admin", "root"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/users",
        query: {
          q: validText("a", "%"),
          role: validText("admin"),
          page: validText("1", "0", "-3", "10001", "1e3"),
        },
      },
    },
    "routes/admin/auth-report.tsx": { loader: { as: "admin", path: "/admin/auth-report" } },
    // E-mail: the layout, the old address that leads to a screen, and each screen's own forms.
    "routes/admin/email/layout.tsx": { loader: { as: "admin", path: "/admin/email/smtp" } },
    "routes/admin/email/index.ts": {
      loader: {
        as: "admin",
        path: "/admin/email",
        query: {
          template: validText("confirmation", "rejected:1"),
          language,
          whatsapp: language,
          status: validText("failed", "queued"),
          before: validText("10", "0", "99999999999999999999"),
        },
      },
    },
    "routes/admin/email/smtp.tsx": {
      // The SMTP form and the test mail, always with an address their schemas refuse: the
      // settings and the last test's result are shared by every test using this database.
      action: {
        as: "admin",
        path: "/admin/email/smtp",
        fields: {
          intent: exact(fc.constantFrom("smtp", "test", "retry", "unknown")),
          host: validText("127.0.0.1", "smtp.example.com", "::1"),
          port: validText("587", "99999", "0"),
          security: validText("none", "starttls", "tls"),
          user: validText("mare"),
          password: validText("segredo"),
          removePassword: validText("on"),
          senderName: validText("Maré Talent"),
          senderAddress: exact(fc.constantFrom("not-an-address", "a@", "<x>@", " @ ")),
          to: exact(fc.constantFrom("not-an-address", "@example.com", "")),
        },
      },
      loader: { as: "admin", path: "/admin/email/smtp" },
    },
    "routes/admin/email/templates.tsx": {
      action: {
        as: "admin",
        path: "/admin/email/templates",
        fields: {
          intent: validText("template-save", "template-preview", "template-reset", "unknown"),
          template: exact(
            fc.oneof(
              fc.constant(null).map(() => rejectionTemplateKey(reasonId)),
              fc.constantFrom(
                "rejected:0",
                "rejected:99999999999",
                "rejected:x",
                "Confirmation",
                "",
              ),
              fc.string(),
            ),
          ),
          language,
          subject: validText("Olá {{name}}"),
          body: validText("Olá {{name}},\n\nObrigada.", "{{link}} {{unknown}}"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/email/templates",
        query: { template: validText("confirmation", "rejected:1"), language },
      },
    },
    "routes/admin/email/whatsapp.tsx": {
      // The wording is shared by every reviewer: previews, and saves of a text the schema refuses.
      action: {
        as: "admin",
        path: "/admin/email/whatsapp",
        fields: {
          intent: validText("whatsapp-preview", "unknown"),
          language,
          body: validText("Oi {{name}}!", "{{unknown}}"),
        },
      },
      loader: { as: "admin", path: "/admin/email/whatsapp", query: { whatsapp: language } },
    },
    "routes/admin/email/contact.tsx": {
      // Previews of each purpose and channel, and saves of a text the purpose refuses.
      action: {
        as: "admin",
        path: "/admin/email/contact",
        fields: {
          intent: validText("contact-preview", "unknown"),
          purpose: validText("reminder", "nope"),
          channel: validText("email", "sms"),
          language,
          subject: validText("Até {{call_time}}", "a\nb"),
          body: validText("Oi {{name}}!\n\n{{booking_link}}", "{{unknown}}"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/email/contact",
        query: {
          purpose: validText("welcome", "x"),
          channel: validText("whatsapp", "y"),
          language,
        },
      },
    },
    "routes/admin/email/reasons.tsx": {
      action: [
        {
          as: "admin",
          path: "/admin/email/reasons",
          fields: {
            intent: validText("reason-rename", "reason-active", "reason-move", "unknown"),
            label: validText("Motivo do fuzz"),
            id: exact(
              fc.oneof(
                fc.constant(null).map(() => String(reasonId)),
                fc.constantFrom("0", "-1", "x", "99999999999999", "1e3", ""),
              ),
            ),
            value: validText("up", "down", "on", "off"),
          },
        },
        {
          // The waiting threshold is shared too (the alerts' tests read it): only refused values.
          as: "admin",
          path: "/admin/email/reasons",
          fields: {
            intent: exact(fc.constant("waiting-days")),
            days: exact(fc.constantFrom("", "0", "-5", "91", "2.5", "1e1", "x".repeat(5000))),
          },
        },
        {
          // Adding a reason changes the list everyone sees: only labels the schema refuses.
          as: "admin",
          path: "/admin/email/reasons",
          fields: {
            intent: exact(fc.constant("reason-add")),
            label: exact(fc.constantFrom("", "   ", "\t\n", "x".repeat(5000))),
          },
        },
      ],
      loader: { as: "admin", path: "/admin/email/reasons" },
    },
    "routes/admin/email/outbox.tsx": {
      action: {
        as: "admin",
        path: "/admin/email/outbox",
        fields: {
          intent: validText("retry", "unknown"),
          id: exact(fc.constantFrom("0", "-1", "x", "99999999999999", "1e3", "")),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/email/outbox",
        query: {
          status: validText("failed", "queued"),
          before: validText("10", "0", "99999999999999999999"),
        },
      },
    },
    "routes/admin/production-checklist.tsx": {
      loader: { as: "admin", path: "/admin/production-checklist" },
    },
    "routes/admin/tech-report.tsx": { loader: { as: "admin", path: "/admin/tech-report" } },
    "routes/admin/affiliates.tsx": {
      action: {
        as: "admin",
        path: "/admin/afiliados",
        fields: {
          milestone: validText("approved", "launched", ""),
          fixed: validText("150,00", "1.000", "-5"),
          share: validText("10", "7,5", "101"),
          months: validText("6", "0"),
          holdDays: validText("30", "366"),
          minimum: validText("100,00", "x"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/afiliados",
        query: {
          q: validText("lia", "%"),
          status: validText("active"),
          after: cursor,
          notice: validText("program"),
        },
      },
    },
    "routes/admin/affiliate.tsx": {
      action: {
        as: "admin",
        path: "/admin/afiliados/1",
        params: fc.record({ id: idOf(() => [affiliateId]) }),
        fields: {
          intent: validText("status", "rule", "rule-clear", "entry", "void", "review"),
          status: validText("active", "suspended"),
          milestone: validText("approved", "contract-signed", ""),
          fixed: validText("150,00", "0"),
          share: validText("10", "12,5", "101"),
          months: validText("6", "121"),
          amount: validText("150,00", "1.000,50", "-5", "0"),
          date: day,
          reason: validText("Campanha de março."),
          decision: validText("released", "voided"),
          entry: validText("1", "99999999"),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/afiliados/1",
        params: fc.record({ id: idOf(() => [affiliateId]) }),
        query: { notice: validText("voided") },
      },
    },
    "routes/admin/access-report.tsx": {
      loader: {
        as: "admin",
        path: "/admin/access-report",
        query: {
          action: validText("submission", "user.role"),
          actor: validText("ana"),
          from: day,
          to: day,
          after: cursor,
        },
      },
    },
    "routes/admin/access-report-export.ts": {
      loader: {
        as: "admin",
        path: "/admin/access-report.csv",
        query: { action: validText("privacy"), actor: validText("ana"), from: day, to: day },
      },
    },
    "routes/admin/analytics.tsx": {
      loader: {
        as: "admin",
        path: "/admin/analytics",
        query: { from: day, to: day, group: validText("day", "week", "month", "year") },
      },
    },
    "routes/admin/analytics-export.ts": {
      loader: {
        as: "admin",
        path: "/admin/analytics/csv/backlog",
        params: fc.record({ table: validText("backlog", "money", "users") }),
        query: { from: day, to: day, group: validText("day", "week", "month", "year") },
      },
    },
    "routes/admin/privacy.tsx": {
      action: {
        as: "admin",
        path: "/admin/privacy",
        fields: {
          // Never "run" (it would erase other tests' old applications) and never a valid period
          // (the retention setting is shared): both are tested in privacy.server.test.ts.
          intent: exact(fc.constantFrom("save", "", "SAVE", "run ", "none")),
          months: exact(fc.constantFrom("", "-1", "1.5", "121", "twelve", "1e2", "0x1", "\u0000")),
        },
      },
      loader: { as: "admin", path: "/admin/privacy" },
    },
    // How long identity photos are kept (issue 30): shared, so never a valid number of days.
    "routes/admin/identity-settings.tsx": {
      action: {
        as: "admin",
        path: "/admin/privacy/identity",
        fields: { days: exact(fc.constantFrom("", "0", "-1", "1.5", "731", "ninety", "0x1")) },
      },
      loader: { as: "admin", path: "/admin/privacy/identity" },
    },
    "routes/resources/geo-language.ts": { loader: { path: "/api/geo-language" } },
    "routes/resources/chatbot-application.ts": {
      action: { path: "/api/chatbot", fields: chatbot },
    },
    "routes/resources/count.ts": {
      action: {
        path: "/api/count",
        query: { e: validText("form-start", "chat-start"), d: validText("home", "register") },
      },
      loader: { path: "/api/count" },
    },
    "routes/resources/auth-api.ts": {
      action: {
        path: fc.constantFrom(
          "/api/auth/callback/google",
          "/api/auth/sign-in/email",
          "/api/auth/sign-up/email",
          "/api/auth/callback/%3Cscript%3E",
        ),
        fields: { code: validText("abc"), state: validText("xyz"), email: ownAddress, password },
      },
      loader: {
        path: fc.constantFrom(
          "/api/auth/verify-email",
          "/api/auth/callback/google",
          "/api/auth/get-session",
          "/api/auth/%2e%2e/admin",
        ),
        query: {
          token: fc.base64String({ maxLength: 40 }),
          callbackURL: returnPath,
          code: validText("abc"),
          state: validText("xyz"),
          error: validText("access_denied"),
        },
      },
    },
    "routes/resources/sitemap.ts": { loader: { path: "/sitemap.xml" } },
    "routes/resources/blog-feed.ts": {
      loader: { path: "/blog/feed.xml", query: { lang: validText("pt", "en", "xx", "") } },
    },
    "routes/resources/media.ts": {
      loader: {
        path: "/media/1-0123456789abcdef-480.webp",
        params: fc.record({
          file: fc.oneof(
            validText("1-0123456789abcdef-480.webp", "1-0123456789abcdef-480.avif", "1.svg"),
            fc.string(),
          ),
        }),
      },
    },
    "routes/_marketing/blog-preview.tsx": {
      loader: {
        path: "/blog/preview/x",
        params: fc.record({ token: fc.oneof(fc.base64String({ maxLength: 40 }), fc.string()) }),
      },
    },
    "routes/admin/blog.tsx": {
      action: {
        as: "admin",
        path: "/admin/blog",
        fields: { language, title: validText("Um artigo de teste", "") },
      },
      loader: {
        as: "admin",
        path: "/admin/blog",
        query: {
          q: validText("dicas"),
          state: validText("draft", "scheduled", "published", "x"),
          language,
        },
      },
    },
    "routes/admin/blog-article.ts": {
      loader: {
        as: "admin",
        path: "/admin/blog/1",
        params: fc.record({ id: idOf(() => [articleId]) }),
      },
    },
    "routes/admin/blog-editor.tsx": {
      action: {
        as: "admin",
        path: "/admin/blog/1/pt",
        params: fc.record({ id: idOf(() => [articleId]), language: validText("pt", "en", "xx") }),
        fields: {
          intent: validText(
            "save",
            "publish",
            "schedule",
            "unpublish",
            "discard",
            "preview-link",
            "add-translation",
            "delete",
          ),
          title: validText("Título do fuzz", ""),
          slug: validText(`fuzz-${marker}`, "Not A Slug", "security-and-anonymity", ""),
          category: validText("Dicas"),
          excerpt: validText("Resumo."),
          description: validText("Descrição."),
          body: validText(
            '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Oi"}]}]}',
            '{"type":"doc","content":[{"type":"script"}]}',
            "not json",
          ),
          coverImageId: validText("", "1", "999999999"),
          coverAlt: validText(""),
          publishAt: validText("2030-01-01T10:00", "2020-01-01T10:00", "tomorrow"),
          language,
          confirm: validText("yes", ""),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/blog/1/pt",
        params: fc.record({ id: idOf(() => [articleId]), language: validText("pt", "en", "xx") }),
        query: { cover: validText("1", "x") },
      },
    },
    "routes/admin/blog-preview.tsx": {
      loader: {
        as: "admin",
        path: "/admin/blog/1/pt/preview",
        params: fc.record({ id: idOf(() => [articleId]), language: validText("pt", "xx") }),
      },
    },
    "routes/admin/blog-preview-page.tsx": {
      loader: {
        as: "admin",
        path: "/admin/blog/1/pt/preview/page",
        params: fc.record({ id: idOf(() => [articleId]), language: validText("pt", "xx") }),
      },
    },
    "routes/admin/blog-history.tsx": {
      action: {
        as: "admin",
        path: "/admin/blog/1/pt/history",
        params: fc.record({ id: idOf(() => [articleId]), language: validText("pt", "xx") }),
        fields: { intent: validText("restore", ""), revision: validText("1", "x", "999999999") },
      },
      loader: {
        as: "admin",
        path: "/admin/blog/1/pt/history",
        params: fc.record({ id: idOf(() => [articleId]), language: validText("pt", "xx") }),
        query: { compare: validText("1", "x") },
      },
    },
    "routes/admin/images.ts": {
      action: { as: "admin", path: "/admin/images", fields: { image: validText("not a file") } },
      loader: { as: "admin", path: "/admin/images" },
    },
    "routes/admin/content.tsx": {
      action: {
        as: "admin",
        path: "/admin/content",
        query: { kind: validText("faq", "testimonial", "x"), language: validText("sv") },
        fields: {
          intent: validText("add", "edit", "up", "down", "hide", "show", "delete", "x"),
          id: idOf(() => homeItemIds),
          title: validText("Pergunta do fuzz?", ""),
          subtitle: validText(""),
          body: validText("Resposta.", ""),
        },
      },
      loader: {
        as: "admin",
        path: "/admin/content",
        query: { kind: validText("faq", "testimonial", "x"), language },
      },
    },
    "routes/admin/site.tsx": {
      action: {
        as: "admin",
        path: "/admin/site",
        query: { language },
        fields: {
          intent: validText(
            "social",
            "company",
            "figures",
            "texts",
            "heroImage",
            "removeHeroImage",
            "x",
          ),
          reset: validText("texts", ""),
          instagram: validText("https://www.instagram.com/maretalent", ""),
          whatsapp: validText("+55 48 99123-4567", ""),
          legalName: validText("Maré Talent Ltda", ""),
          cnpj: validText("11.222.333/0001-81", ""),
          replyDays: validText("5", ""),
          "figure1-value": validText("120+", ""),
          "figure1-label-pt": validText("criadoras", ""),
          work: validText("O trabalho.", ""),
          "step1-title": validText("Um", ""),
          "step1-text": validText("Primeiro.", ""),
          // The hero form's fields, as a form without its file sends them.
          photo: validText("not a file", ""),
          "alt-pt": validText("Uma criadora", ""),
        },
      },
      loader: { as: "admin", path: "/admin/site", query: { language } },
    },
    "routes/resources/robots.ts": { loader: { path: "/robots.txt" } },
  };

  const routeModules = import.meta.glob<RouteModule>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}"]);

  /** Every route file of the table, with what it exports. */
  async function routeFiles() {
    const files = new Set<string>();
    const walk = (entries: readonly { file: string; children?: unknown }[]) => {
      for (const entry of entries) {
        files.add(entry.file);
        if (Array.isArray(entry.children)) walk(entry.children);
      }
    };
    walk(await routeConfig);
    return Promise.all(
      [...files].map(async (file) => {
        const load = routeModules[`./${file.replace(/^routes\//, "")}`];
        if (!load) throw new Error(`${file}: no such module beside this test`);
        const module = await load();
        return { file, action: module.action, loader: module.loader };
      }),
    );
  }

  async function request(
    who: Who,
    init: {
      path: string;
      query: string;
      method: string;
      body: { body: BodyInit | null; contentType: string | null } | null;
      cookie: string | undefined;
      headers: Record<string, string>;
      origin: string | null;
    },
  ) {
    const headers = new Headers(init.headers);
    headers.set("x-client-ip", `${ipPrefix}${(++ipCount).toString(16)}::1`);
    if (init.origin !== null) headers.set("origin", init.origin);
    const cookie = [cookies.get(who), init.cookie].filter(Boolean).join("; ");
    if (cookie) headers.set("cookie", cookie);
    let body = init.body?.body ?? null;
    if (init.body?.contentType) headers.set("content-type", init.body.contentType);
    // Bytes, as from a socket: a stream undici makes of a FormData fails on its own (an
    // unhandled rejection) when a route stops reading it early.
    if (body instanceof FormData) {
      const encoded = new Response(body);
      headers.set("content-type", encoded.headers.get("content-type")!);
      body = await encoded.arrayBuffer();
    }
    return new Request(`${TEST_ORIGIN}${init.path}${init.query}`, {
      method: init.method,
      headers,
      body,
    });
  }

  const origins = fc.oneof(
    { arbitrary: fc.constant<string | null>(TEST_ORIGIN), weight: 8 },
    { arbitrary: fc.constantFrom<string | null>(null, "null", "https://evil.example"), weight: 1 },
  );

  /** The property of one handler: whatever arrives, the answer is not a server error. */
  async function fuzz(handler: Handler, spec: Fuzz, kind: "action" | "loader") {
    const path = typeof spec.path === "string" ? fc.constant(spec.path) : spec.path;
    const method =
      kind === "loader"
        ? fc.constantFrom("GET", "GET", "GET", "HEAD")
        : fc.constantFrom("POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE");
    const input = fc.record({
      path,
      query: queryString(spec.query ?? {}),
      params: spec.params ?? fc.constant({}),
      method,
      body: kind === "action" ? payload(spec.fields ?? {}) : fc.constant(null),
      cookie: junkCookies,
      headers: junkHeaders,
      origin: origins,
    });
    const property = fc.asyncProperty(input, async ({ params, ...init }) => {
      await resetLimits();
      const sent = await request(spec.as ?? "visitor", init);
      const outcome = await outcomeOf(() => handler({ request: sent, params, context: {} }));
      // A file or stream is read to its end: an error inside it is a server error too.
      await outcome.response?.arrayBuffer();
      if (outcome.status >= 500 || outcome.status < 200) {
        throw new Error(`answered ${outcome.status}: ${JSON.stringify(outcome.data)}`);
      }
    });
    const numRuns = spec.runs ?? runs(kind === "action" ? 30 : 12);
    const details = await fc.check(property, { numRuns, seed, endOnFailure: true });
    if (details.failed) throw new Error(failureReport(details), { cause: details.errorInstance });
  }

  /** Limits per account would turn most runs into a 429: each run starts with none. */
  async function resetLimits() {
    const db = await getDatabase();
    await db
      .delete(rateLimits)
      .where(
        or(
          ilike(rateLimits.key, `%${marker}%`),
          ...[ids.model, ids.security].filter(Boolean).map((id) => like(rateLimits.key, `%${id}%`)),
        ),
      );
  }

  async function account(name: keyof typeof ids, role: "model" | "affiliate" | "admin") {
    const made = await signedInAccount({
      email: email(name),
      name: `${name} Fuzz`,
      role,
      password: PASSWORD,
      origin: TEST_ORIGIN,
    });
    ids[name] = made.id;
    return made.cookie;
  }

  beforeAll(async () => {
    await oidc.issuer.keys.generate("RS256");
    await oidc.start(0, "127.0.0.1");
    await openAppDatabase(kind, {
      ...TEST_SERVER_SETTINGS,
      SMTP_URL: "",
      SUBMISSION_RATE_LIMIT: "1000",
      GEO_COUNTRY_HEADER: "x-test-country",
      GOOGLE_ISSUER: oidc.issuer.url!,
      GOOGLE_CLIENT_ID: "mare-fuzz-client",
      GOOGLE_CLIENT_SECRET: "mare-fuzz-secret",
    });
    cookies.set("admin", await account("admin", "admin"));
    cookies.set("model", await account("model", "model"));
    cookies.set("security", await account("security", "model"));
    cookies.set("affiliate", await account("affiliate", "affiliate"));
    await account("targetA", "model");
    await account("targetB", "affiliate");
    const db = await getDatabase();
    affiliateId = (await createAffiliate(db, { userId: ids.affiliate, promotion: "" })).id;
    const article = await createArticle(
      db,
      { id: ids.admin },
      { language: "pt", title: `Fuzz ${marker}` },
    );
    if (!article.ok) throw new Error("no article for the fuzz");
    articleId = article.id;
    // FAQ items of its own, in a language whose list the fuzz alone touches.
    for (const n of [1, 2]) {
      await addHomeItem(db, { id: ids.admin }, "faq", "sv", {
        title: `Fuzz ${marker} ${n}?`,
        body: "Svar.",
      });
    }
    homeItemIds.push(
      ...(
        await db
          .select({ id: homeItems.id })
          .from(homeItems)
          .where(like(homeItems.title, `Fuzz ${marker}%`))
      ).map((row) => row.id),
    );
    await createAffiliate(db, { userId: ids.targetB, promotion: "" });
    const [reason] = await db
      .insert(rejectionReasons)
      .values({ label: `Fuzz ${marker}`, position: 10_000 })
      .returning({ id: rejectionReasons.id });
    reasonId = reason!.id;
    // Two applications for the review, document and erasure routes to work on.
    const home = (await routeModules["./_marketing/home.tsx"]!()).action!;
    for (const name of ["review", "erase"]) {
      const form = new URLSearchParams({
        fullName: `${name} Fuzz`,
        age: "30",
        email: email(`applicant-${name}`),
        instagram: "@fuzz",
        experience: "beginner",
        message: "Quero começar a criar conteúdo.",
        consent: "on",
      });
      const answer = await outcomeOf(() =>
        home({
          request: new Request(`${TEST_ORIGIN}/?index`, {
            method: "POST",
            body: form,
            headers: { origin: TEST_ORIGIN, "x-client-ip": `${ipPrefix}ff${name.length}::1` },
          }),
          params: {},
          context: {},
        }),
      );
      expect(answer.status).toBe(200);
    }
    const rows = await db
      .select({ id: submissions.id })
      .from(submissions)
      .where(like(submissions.emailNormalized, `applicant-%.${marker}@example.com`));
    applications.push(...rows.map((row) => row.id));
  }, paced(120_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(blogPosts).where(eq(blogPosts.id, articleId));
    await db.delete(homeItems).where(like(homeItems.title, `Fuzz ${marker}%`));
    await db
      .delete(blogPosts)
      .where(
        inArray(
          blogPosts.id,
          db
            .select({ id: blogTranslations.postId })
            .from(blogTranslations)
            .where(like(blogTranslations.title, "Um artigo de teste%")),
        ),
      );
    const userIds = (
      await db
        .select({ id: user.id })
        .from(user)
        .where(ilike(user.email, `%.${marker}@%`))
    ).map((row) => row.id);
    if (userIds.length) {
      await db.delete(accessLog).where(inArray(accessLog.actorId, userIds));
      await db.delete(user).where(inArray(user.id, userIds));
    }
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    // Some addresses were sent in capitals.
    await db.delete(outbox).where(ilike(outbox.recipient, `%.${marker}@%`));
    await db.delete(privacyRequests).where(ilike(privacyRequests.email, `%.${marker}@%`));
    await db
      .delete(rateLimits)
      .where(or(ilike(rateLimits.key, `%${marker}%`), like(rateLimits.key, `%${ipPrefix}%`)));
    if (reasonId) {
      await db
        .delete(mailTemplates)
        .where(eq(mailTemplates.template, rejectionTemplateKey(reasonId)));
      await db.delete(rejectionReasons).where(eq(rejectionReasons.id, reasonId));
    }
    await closeAppDatabase();
    await oidc.stop();
    vi.unstubAllEnvs();
  });

  it("covers every route of app/routes.ts that has an action or a loader", async () => {
    const missing: string[] = [];
    for (const { file, action, loader } of await routeFiles()) {
      const entry = fuzzed[file];
      if (action && !entry?.action) missing.push(`${file}: action`);
      if (loader && !entry?.loader) missing.push(`${file}: loader`);
      if (!action && entry?.action) missing.push(`${file}: no action to fuzz any more`);
      if (!loader && entry?.loader) missing.push(`${file}: no loader to fuzz any more`);
    }
    const known = new Set((await routeFiles()).map((route) => route.file));
    for (const file of Object.keys(fuzzed)) if (!known.has(file)) missing.push(`${file}: gone`);
    expect(missing, "routes without a fuzz entry (add them to `fuzzed`)").toEqual([]);
  });

  describe("what the fuzz found, kept as examples", () => {
    const call = async (file: string, kind: "action" | "loader", request: Request) => {
      const module = await routeModules[`./${file}`]!();
      const outcome = await outcomeOf(() => module[kind]!({ request, params: {}, context: {} }));
      await outcome.response?.arrayBuffer();
      return outcome;
    };
    const ip = () => `${ipPrefix}${(++ipCount).toString(16)}::1`;
    const get = (path: string, who: Who = "visitor") =>
      new Request(`${TEST_ORIGIN}${path}`, {
        headers: {
          "x-client-ip": ip(),
          ...(cookies.get(who) ? { cookie: cookies.get(who)! } : {}),
        },
      });

    it("a post that is not a form is refused (415/400), not a server error", async () => {
      const json = new Request(`${TEST_ORIGIN}/login`, {
        method: "POST",
        body: JSON.stringify({ email: email("json"), password: PASSWORD }),
        headers: { origin: TEST_ORIGIN, "content-type": "application/json", "x-client-ip": ip() },
      });
      expect((await call("_auth/login.tsx", "action", json)).status).toBe(415);
      const broken = new Request(`${TEST_ORIGIN}/admin/privacy`, {
        method: "POST",
        body: "--zz\r\nbroken",
        headers: {
          origin: TEST_ORIGIN,
          cookie: cookies.get("admin")!,
          "content-type": "multipart/form-data; boundary=zz",
        },
      });
      const brokenAnswer = await call("admin/privacy.tsx", "action", broken);
      expect(brokenAnswer.status).toBe(400);
    });

    it("an application with a NUL in it is stored without it (was a 503)", async () => {
      const address = email("nul");
      const form = new URLSearchParams({
        fullName: "Ana\u0000 Souza",
        age: "30",
        email: address,
        instagram: "@ana",
        experience: "beginner",
        message: "Quero começar\u0000 a criar \uD800conteúdo.",
        consent: "on",
      });
      const answer = await call(
        "_marketing/home.tsx",
        "action",
        new Request(`${TEST_ORIGIN}/?index`, {
          method: "POST",
          body: form,
          headers: { origin: TEST_ORIGIN, "x-client-ip": ip() },
        }),
      );
      expect(answer.status).toBe(200);
      const [row] = await (
        await getDatabase()
      )
        .select({ fullName: submissions.fullName, message: submissions.message })
        .from(submissions)
        .where(eq(submissions.emailNormalized, address));
      expect(row).toEqual({
        fullName: "Ana Souza",
        message: "Quero começar a criar \uFFFDconteúdo.",
      });
    });

    it("a search with a NUL or a lone surrogate lists and exports (was a 500)", async () => {
      // As they arrive in a URL: percent-encoded bytes; 50 emoji after one letter are cut to 100
      // code units in the middle of the last one.
      for (const q of ["a%00b", `x${"%F0%9F%98%80".repeat(50)}`, "%ED%B0%80%00"]) {
        const query = `?q=${q}`;
        for (const [file, path] of [
          ["admin/submissions.tsx", "/admin/cadastros"],
          ["admin/export.ts", "/admin/export.csv"],
          ["admin/users.tsx", "/admin/users"],
          ["admin/affiliates.tsx", "/admin/afiliados"],
        ] as const) {
          expect((await call(file, "loader", get(`${path}${query}`, "admin"))).status, path).toBe(
            200,
          );
        }
        const actor = `?actor=${q}`;
        expect(
          (
            await call(
              "admin/access-report.tsx",
              "loader",
              get(`/admin/access-report${actor}`, "admin"),
            )
          ).status,
        ).toBe(200);
      }
    });

    it("a verification link mailed before links opened a page only opens that page, whatever its callbackURL", async () => {
      for (const callback of [
        "NaN",
        "javascript:alert(1)",
        "//evil.example",
        "https://evil.example/",
        "/auth/continue?verified=1",
      ]) {
        const path = `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callback)}`;
        const answer = await call("resources/auth-api.ts", "loader", get(path));
        expect(answer, callback).toMatchObject({ status: 302, location: "/verify-email?token=x" });
      }
    });
  });

  // Not in the route table, but its loader runs before every page's: as each role, with a
  // language and an affiliate's code in the query.
  for (const who of ["visitor", "model", "affiliate", "admin"] as const) {
    it(
      `app/root.tsx loader, as ${who}: never a server error`,
      async () => {
        await fuzz(
          root.loader as unknown as Handler,
          { as: who, path: "/", query: { lang: language, ref: validText("ANA-2026", "x") } },
          "loader",
        );
      },
      paced(120_000),
    );
  }

  for (const [file, covered] of Object.entries(fuzzed)) {
    const actions = covered.action ? [covered.action].flat() : [];
    actions.forEach((spec, index) => {
      const label = actions.length > 1 ? ` (${index + 1} of ${actions.length})` : "";
      it(
        `${file} action${label}, as ${spec.as ?? "visitor"}: never a server error`,
        async () => {
          const module = await routeModules[`./${file.replace(/^routes\//, "")}`]!();
          await fuzz(module.action!, spec, "action");
        },
        paced(120_000),
      );
    });
    if (covered.loader) {
      const spec = covered.loader;
      it(
        `${file} loader, as ${spec.as ?? "visitor"}: never a server error`,
        async () => {
          const module = await routeModules[`./${file.replace(/^routes\//, "")}`]!();
          await fuzz(module.loader!, spec, "loader");
        },
        paced(120_000),
      );
    }
  }
});
