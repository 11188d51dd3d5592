import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  accounts,
  affiliateId as affiliateIdOf,
  affiliateStatus,
  application,
  fieldValue,
  pendingApplicationId,
} from "./admin-screens.ts";
import {
  everyone,
  expectedLocation,
  home,
  LOGIN_BACK,
  mayActAt,
  mayOpenAt,
  table,
  type Answer,
  type Who,
} from "./access-roles.ts";
import { root } from "./own-server.ts";

/**
 * Who may act, over HTTP: every route of app/routes.ts whose module exports an `action` is
 * posted a same-origin form (or the JSON it reads) by a visitor and a signed-in user of each
 * role, one post per intent where the action dispatches on one. A route with an action must be
 * classified in the table below, or the test fails, as for the loaders (access.spec.ts).
 *
 * The forms are empty or invalid on purpose: an allowed role gets the action's own answer (a
 * 400 with its field errors, a 404 for an unknown record), which is not a refusal, so it shows
 * the post passed the guard; a refused role gets /login with the way back or /permission-denied
 * before the form is read. A document post is not enough to tell: after its action React Router
 * runs the page's loaders, whose guard answers the same redirect even when the action let her
 * through (and acted). So every post of a guarded route is also sent as `.data`, the action's
 * answer alone, as the page's JavaScript sends it.
 *
 * The attacks at the end send valid forms that would change something and check, on the
 * admin's screens as the server renders them (admin-screens.ts), that nothing did, then let an
 * allowed role send the same forms to show they would have.
 */

interface ActionPost {
  /** The URL to post to, when not the rule's. */
  url?: string;
  /** The action's `intent` field. */
  intent?: string;
  fields?: Record<string, string>;
  /** JSON instead of a form (the chatbot, the beacon, Better Auth's endpoints). */
  json?: unknown;
  answer: (who: Who) => Answer;
}

interface ActionRule {
  url?: string;
  posts: ActionPost[];
  /** Behind a guard that lets these in: its `.data` form is posted as well. */
  allowed?: Who[];
  /** Signs her out: posted last, then she signs in again. */
  endsSession?: true;
}

export const LOGIN: Answer = { status: 302, location: LOGIN_BACK };
export const DENIED: Answer = { status: 302, location: "/permission-denied" };

/** The same answer for everyone: the action has no guard (a public form, an API). */
const alike = (
  posts: (Omit<ActionPost, "answer"> & { answer: Answer })[],
  url?: string,
): ActionRule => ({
  url,
  posts: posts.map((post) => ({ ...post, answer: () => post.answer })),
});

/**
 * Behind its screen's guard: a visitor is sent to log in, a signed-in user whose role may not send
 * the screen's forms (app/auth/permissions.ts, the map the guards read) is refused.
 */
const guarded =
  (posts: (Omit<ActionPost, "answer"> & { passed: Answer })[], url?: string) =>
  (pattern: string): ActionRule => {
    const allowed = mayActAt(pattern);
    return {
      url,
      allowed,
      posts: posts.map(({ passed, ...post }) => ({
        ...post,
        answer: (who) => (who === "visitor" ? LOGIN : allowed.includes(who) ? passed : DENIED),
      })),
    };
  };

const invalid = (status = 400): Answer => ({ status });
const NO_APPLICATION = "/admin/cadastros/999999";
const NO_AFFILIATE = "/admin/afiliados/999999";
const NO_ARTICLE = "/admin/blog/999999/pt";

const written: Record<string, ActionRule | ((pattern: string) => ActionRule)> = {
  // The pre-selection form, on the home page (an index route) and on its own page.
  "/": alike([{ answer: invalid() }], "/?index"),
  "/register/model": alike([{ answer: invalid() }]),
  "/*": alike([{ answer: { status: 404 } }], "/no-such-page"),
  "/privacy/request": alike([{ answer: invalid() }]),
  // Without a valid link's token: gone (410); without an intent, invalid.
  "/privacy/confirm": alike([{ answer: invalid() }, { intent: "erase", answer: { status: 410 } }]),
  // Her export's file, for a valid token only: else back to the page, which says so.
  "/privacy/data.json": alike([{ answer: { status: 303, location: "/privacy/confirm" } }]),
  // Signed in already, the page sends her to her own area whatever the form said.
  "/login": {
    posts: [
      { answer: (who) => (who === "visitor" ? invalid() : { status: 302, location: home[who] }) },
    ],
  },
  // Wrong code, but without a correct password first the page itself sends her to /login.
  "/login/two-factor": alike([{ answer: { status: 302, location: "/login" } }]),
  "/logout": { ...alike([{ answer: { status: 302, location: "/" } }]), endsSession: true },
  // Google is not configured on this server: back to /login for everyone.
  "/auth/google": alike([{ answer: { status: 302, location: "/login?error=google" } }]),
  "/register/affiliate": alike([{ answer: invalid() }]),
  "/forgot-password": alike([{ answer: invalid() }]),
  "/password-reset": alike([{ answer: invalid() }]),
  // Without a verification token: back to sign in, where a new link is sent.
  "/verify-email": alike([{ answer: { status: 302, location: "/login?notice=verify-failed" } }]),
  // Better Auth's own endpoints for what the app's forms do are not exposed, to anyone.
  "/api/auth/*": alike([
    { url: "/api/auth/sign-in/email", json: {}, answer: { status: 404 } },
    { url: "/api/auth/sign-up/email", json: {}, answer: { status: 404 } },
    { url: "/api/auth/change-password", json: {}, answer: { status: 404 } },
    { url: "/api/auth/two-factor/disable", json: {}, answer: { status: 404 } },
  ]),
  "/api/chatbot": alike([{ json: {}, answer: invalid() }]),
  "/api/count": alike([{ json: {}, answer: invalid() }]),

  // Her own account, whatever her role: a wrong password or code is refused by the form.
  "/account/security": guarded([
    { intent: "enable", passed: invalid() },
    { intent: "confirm", passed: invalid() },
    { intent: "password", passed: invalid() },
    { intent: "disable", passed: invalid() },
    // She has no other session: nothing to end, and back to the page.
    {
      intent: "signOutOthers",
      passed: { status: 302, location: "/account/security?notice=signedOut" },
    },
  ]),
  // A reviewer's alerts: a form without a choice is refused by the form.
  "/account/notifications": guarded([{ passed: invalid() }]),
  // Her erasure request (a model's), unconfirmed: back to her dashboard, which says so.
  "/account/privacy": guarded([
    {
      intent: "erase",
      passed: { status: 302, location: "/dashboard/model?privacy=unconfirmed#privacy" },
    },
  ]),
  "/dashboard/model": guarded([{ passed: invalid() }]),
  // Her welcome call: each form without its fields is invalid; whole ones, from a model with no
  // approved application (or a call that is not hers), find nothing.
  "/dashboard/model/welcome-call": guarded([
    { intent: "book", passed: invalid() },
    { intent: "move", passed: invalid() },
    { intent: "cancel", passed: invalid() },
    {
      intent: "book",
      fields: { start: "2030-01-07T12:00:00.000Z", tz: "Europe/Lisbon" },
      passed: { status: 404 },
    },
    { intent: "cancel", fields: { call: "999999", tz: "Europe/Lisbon" }, passed: { status: 404 } },
    { passed: invalid() },
  ]),
  // Her contract (issue 30): each form without its fields is invalid; a whole one for a contract
  // that is not hers finds nothing (before her password is even checked).
  "/dashboard/model/contract": guarded([
    { intent: "sign", passed: invalid() },
    { intent: "withdraw-consent", passed: invalid() },
    {
      intent: "sign",
      fields: {
        contract: "999999",
        sha256: "a".repeat(64),
        name: "Ana Souza",
        agree: "yes",
        secret: "not-her-password",
      },
      passed: { status: 404 },
    },
    { passed: invalid() },
  ]),
  // Her identity check (issue 30): a form that is no multipart upload is refused as malformed.
  "/dashboard/model/identity": guarded([{ passed: invalid() }]),
  // The lists' bulk decision: approvers decide too.
  "/admin/cadastros": guarded([{ passed: invalid() }]),
  "/admin/pendentes": guarded([{ passed: invalid() }]),
  "/admin/aprovados": guarded([{ passed: invalid() }]),
  "/admin/reprovados": guarded([{ passed: invalid() }]),
  // A decision without its statuses, and the document's reveal, of an application that does
  // not exist. Which decision a role may take is the attacks' business below.
  "/admin/cadastros/:id": guarded(
    [{ passed: invalid() }, { intent: "reveal", passed: { status: 404 } }],
    NO_APPLICATION,
  ),
  "/admin/cadastros/:id/erase": guarded(
    [{ passed: { status: 302, location: `${NO_APPLICATION}?privacy=unconfirmed` } }],
    `${NO_APPLICATION}/erase`,
  ),
  // Writing to her (the reviewers): without a way, invalid; by either way, no such application.
  "/admin/cadastros/:id/contact": guarded(
    [
      { passed: invalid() },
      { fields: { method: "whatsapp" }, passed: { status: 404 } },
      { fields: { method: "email" }, passed: { status: 404 } },
      // With a purpose (issue 29): no such application either; an unknown purpose is invalid.
      { fields: { method: "email", purpose: "more-photos" }, passed: { status: 404 } },
      { fields: { method: "whatsapp", purpose: "schedule-call" }, passed: { status: 404 } },
      { fields: { method: "email", purpose: "hello" }, passed: invalid() },
    ],
    `${NO_APPLICATION}/contact`,
  ),
  // Working as a team (issue 28): each form without its fields, of an application that does
  // not exist; tagging from the list without rows; the tags' settings are the admin's.
  "/admin/cadastros/:id/team": guarded(
    [
      { intent: "assign", passed: invalid() },
      { intent: "tag", passed: invalid() },
      { intent: "untag", passed: invalid() },
      { intent: "rate", passed: invalid() },
      { passed: invalid() },
    ],
    `${NO_APPLICATION}/team`,
  ),
  "/admin/bulk-tag": guarded([{ passed: invalid() }]),
  // Her talent manager (issue 29): without one chosen, invalid; the profile without a name.
  "/admin/cadastros/:id/manager": guarded([{ passed: invalid() }], `${NO_APPLICATION}/manager`),
  "/admin/bulk-manager": guarded([{ passed: invalid() }]),
  "/admin/profile": guarded([{ passed: invalid() }]),
  "/admin/views": guarded([
    { intent: "save", passed: invalid() },
    { intent: "rename", passed: invalid() },
    { intent: "delete", passed: invalid() },
    { passed: invalid() },
  ]),
  // A call marked without its fields; a call that is on no one's agenda.
  "/admin/agenda": guarded([
    { passed: invalid() },
    { fields: { call: "999999", outcome: "held" }, passed: { status: 404 } },
  ]),
  // Her own availability: each form without its fields. The invitations' title is the admin's:
  // an approver who may open the page is refused it (403) before her form is read.
  "/admin/agenda/availability": (pattern) => {
    const rule = guarded([
      { url: `${pattern}?intent=hours`, intent: "hours", passed: invalid() },
      { url: `${pattern}?intent=addDay`, intent: "addDay", passed: invalid() },
      { url: `${pattern}?intent=removeDay`, intent: "removeDay", passed: invalid() },
    ])(pattern);
    const title: ActionPost = {
      url: `${pattern}?intent=title`,
      intent: "title",
      answer: (who) =>
        who === "visitor"
          ? LOGIN
          : who === "admin" || who === "owner"
            ? invalid()
            : who === "approver"
              ? { status: 403 }
              : DENIED,
    };
    return { ...rule, posts: [...rule.posts, title] };
  },
  // Monthly statements (issue 30; approvers read, the admin acts): an empty form is invalid;
  // whole ones for an application that does not exist find nothing.
  "/admin/statements/:submission/:month": guarded(
    [
      { passed: invalid() },
      { intent: "add", passed: invalid() },
      { intent: "add", fields: { platform: "OnlyFans", amount: "10,00" }, passed: { status: 404 } },
      { intent: "publish", passed: { status: 404 } },
      {
        intent: "correct",
        fields: { platform: "OnlyFans", amount: "-1,00", reason: "Estorno" },
        passed: { status: 404 },
      },
      {
        intent: "paid",
        fields: { paidOn: "2026-06-05", amount: "1,00", reference: "PIX" },
        passed: { status: 404 },
      },
    ],
    "/admin/statements/999999/2026-05",
  ),
  // The import (the admin's): nothing chosen or pasted is invalid.
  "/admin/statements/import": guarded([
    { intent: "preview", passed: invalid() },
    { intent: "store", passed: invalid() },
    { passed: invalid() },
  ]),
  "/admin/tags": guarded([
    { intent: "create", passed: invalid() },
    { intent: "update", passed: invalid() },
    { intent: "delete", passed: invalid() },
    { passed: invalid() },
  ]),
  // The agency's onboarding steps (the admin's; an approver is refused): an empty form is
  // invalid, whatever the intent.
  "/admin/onboarding/steps": guarded([
    { intent: "create", passed: invalid() },
    { intent: "update", passed: invalid() },
    { intent: "move", passed: invalid() },
    { intent: "archive", passed: invalid() },
    { passed: invalid() },
  ]),
  // The contract templates and the agency's details (the admin's; an approver is refused):
  // an empty form is invalid, whatever the intent.
  "/admin/contracts": guarded([
    { intent: "save", passed: invalid() },
    { intent: "publish", passed: invalid() },
    { intent: "preview", passed: invalid() },
    { intent: "agency", passed: invalid() },
    { passed: invalid() },
  ]),
  // Her contract's offer, withdrawal and countersignature (an admin's; an approver may open the
  // page, never post): an empty form is invalid; a contract of no application finds nothing.
  "/admin/cadastros/:id/contract": guarded(
    [
      { passed: invalid() },
      { intent: "offer", passed: invalid() },
      { intent: "withdraw", fields: { contract: "1" }, passed: { status: 404 } },
      { intent: "countersign", fields: { contract: "1", name: "Ana" }, passed: { status: 404 } },
    ],
    `${NO_APPLICATION}/contract`,
  ),
  // One application's steps (the reviewers): an empty form is invalid; a step of an
  // application that does not exist finds nothing.
  "/admin/cadastros/:id/onboarding": guarded(
    [
      { passed: invalid() },
      { intent: "done", passed: invalid() },
      { intent: "done", fields: { step: "1", seen: "todo" }, passed: { status: 404 } },
      { intent: "note", fields: { step: "1", body: "nota" }, passed: { status: 404 } },
    ],
    `${NO_APPLICATION}/onboarding`,
  ),
  // The team's private notes (the reviewers): an empty form is invalid; a note on an
  // application that does not exist, or a change to a note that does not, finds nothing.
  "/admin/cadastros/:id/notes": guarded(
    [
      { passed: invalid() },
      { intent: "add", passed: invalid() },
      { intent: "add", fields: { body: "nota" }, passed: { status: 404 } },
      { intent: "edit", fields: { note: "999999", body: "nota" }, passed: { status: 404 } },
      { intent: "delete", fields: { note: "999999" }, passed: { status: 404 } },
    ],
    `${NO_APPLICATION}/notes`,
  ),
  // Merging duplicates is the admin's; an approver may open the page her refusal is on, and
  // her post is answered 403 there (decision 046). An empty form is invalid.
  "/admin/cadastros/:id/merge": (pattern) => {
    const open = mayOpenAt(pattern);
    const act = mayActAt(pattern);
    return {
      url: `${NO_APPLICATION}/merge`,
      allowed: open,
      posts: [
        {
          answer: (who) =>
            who === "visitor"
              ? LOGIN
              : act.includes(who)
                ? invalid()
                : open.includes(who)
                  ? { status: 403 }
                  : DENIED,
        },
      ],
    };
  },
  // Taking back a decision: without one, invalid; a decision that does not exist, 404.
  "/admin/undo": guarded([
    { passed: invalid() },
    { fields: { decision: "999999999" }, passed: { status: 404 } },
  ]),
  // Her payout details (issue 31): an empty form is invalid; a mailed link without its token
  // finds nothing.
  "/portal": guarded([{ intent: "payout-details", passed: invalid() }, { passed: invalid() }]),
  "/portal/payout-details/confirm": guarded([{ passed: { status: 404 } }]),
  // Payout batches (the admin's). Never "create" here: the seeded entries would be paid.
  "/admin/afiliados/pagamentos": guarded([{ passed: invalid() }]),
  "/admin/afiliados/pagamentos/:batch": guarded(
    [
      { passed: invalid() },
      { intent: "paid", passed: invalid() },
      { intent: "cancel", passed: { status: 404 } },
    ],
    "/admin/afiliados/pagamentos/999999",
  ),
  // Approvers read the affiliates; every change is an admin's: the program's rule on the list,
  // her rule, entries and reviews on her page.
  "/admin/afiliados": guarded([{ passed: invalid() }]),
  "/admin/afiliados/:id": guarded(
    [
      { intent: "status", passed: invalid() },
      { intent: "rule", passed: invalid() },
      { intent: "entry", passed: invalid() },
      { intent: "void", passed: invalid() },
      { intent: "review", passed: invalid() },
      { passed: invalid() },
    ],
    NO_AFFILIATE,
  ),
  "/admin/users": guarded([
    { intent: "role", passed: invalid() },
    { intent: "disable", passed: invalid() },
    { intent: "enable", passed: invalid() },
    { intent: "reset", passed: invalid() },
  ]),
  // E-mail: each screen answers its own forms; another screen's intent is invalid there.
  "/admin/email/smtp": guarded([
    { intent: "smtp", passed: invalid() },
    { intent: "test", passed: invalid() },
    { intent: "retry", passed: invalid() },
    { passed: invalid() },
  ]),
  "/admin/email/templates": guarded([
    { intent: "template-save", passed: { status: 404 } },
    { intent: "template-preview", passed: { status: 404 } },
    { intent: "template-reset", passed: { status: 404 } },
    { passed: invalid() },
  ]),
  "/admin/email/whatsapp": guarded([
    { intent: "whatsapp-save", passed: { status: 404 } },
    { intent: "whatsapp-preview", passed: { status: 404 } },
    { intent: "whatsapp-reset", passed: { status: 404 } },
    { passed: invalid() },
  ]),
  // Contact templates (issue 29): no purpose, channel or language sent is no such template.
  "/admin/email/contact": guarded([
    { intent: "contact-save", passed: { status: 404 } },
    { intent: "contact-preview", passed: { status: 404 } },
    { intent: "contact-reset", passed: { status: 404 } },
    { intent: "whatsapp-save", passed: invalid() },
    { passed: invalid() },
  ]),
  "/admin/email/reasons": guarded([
    { intent: "reason-add", passed: invalid() },
    { intent: "reason-rename", passed: invalid() },
    { intent: "reason-active", passed: { status: 404 } },
    { intent: "reason-move", passed: { status: 404 } },
    { intent: "waiting-days", passed: invalid() },
    { passed: invalid() },
  ]),
  "/admin/email/outbox": guarded([
    { intent: "retry", passed: { status: 409 } },
    { passed: invalid() },
  ]),
  // Her identity check answered (the reviewers): an empty form is invalid; whole answers to a
  // check of an application that does not exist find nothing.
  "/admin/cadastros/:id/identity/:check": guarded(
    [
      { passed: invalid() },
      { intent: "confirm", passed: invalid() },
      {
        intent: "confirm",
        fields: { type: "passport", match: "yes", bornOn: "2000-01-01" },
        passed: { status: 404 },
      },
      { intent: "retake", fields: { reason: "Foto borrada." }, passed: { status: 404 } },
    ],
    `${NO_APPLICATION}/identity/1`,
  ),
  // How long identity photos are kept (the admin's): a form without a number is refused.
  "/admin/privacy/identity": guarded([{ passed: invalid() }]),
  "/admin/privacy": guarded([
    { intent: "save", passed: invalid() },
    // Nothing is old enough to erase on this server: the run reports none.
    { intent: "run", passed: { status: 200 } },
    { passed: invalid() },
  ]),
  // Content (editors and admins): a new article without its title; an article that does not exist.
  "/admin/blog": guarded([{ passed: invalid() }]),
  "/admin/blog/:id/:language": guarded(
    [
      { intent: "save", passed: invalid() },
      { intent: "publish", passed: invalid() },
      { intent: "schedule", passed: invalid() },
      { intent: "unpublish", passed: { status: 409 } },
      { intent: "discard", passed: { status: 404 } },
      { intent: "preview-link", passed: { status: 404 } },
      { intent: "add-translation", passed: invalid() },
      { intent: "delete", passed: invalid() },
      { passed: invalid() },
    ],
    NO_ARTICLE,
  ),
  "/admin/blog/:id/:language/history": guarded(
    [{ intent: "restore", passed: invalid() }],
    `${NO_ARTICLE}/history`,
  ),
  "/admin/images": guarded([{ passed: invalid() }]),
  "/admin/content": guarded([
    { intent: "add", passed: invalid() },
    { intent: "edit", passed: invalid() },
    { intent: "up", passed: invalid() },
    { intent: "delete", passed: invalid() },
    { passed: invalid() },
  ]),
  "/admin/site": guarded([
    // Parts that an empty form cannot satisfy (an empty social part would clear the profiles).
    { intent: "texts", passed: invalid() },
    { intent: "heroImage", passed: invalid() },
    { passed: invalid() },
  ]),
};

export const actionRules: Record<string, ActionRule> = Object.fromEntries(
  Object.entries(written).map(([pattern, rule]) => [
    pattern,
    typeof rule === "function" ? rule(pattern) : rule,
  ]),
);

const EXPORTS_ACTION =
  /^export\s+(?:async\s+)?function\s+action\b|^export\s+(?:const|let)\s+action\b|^export\s*\{[^}]*\baction\b/m;

/** The URL patterns whose route module exports an action (read from its source). */
export function patternsWithAction() {
  return [...table]
    .filter(([, route]) =>
      EXPORTS_ACTION.test(readFileSync(path.join(root, "app", route.file), "utf8")),
    )
    .map(([pattern]) => pattern);
}

export const sameOrigin = (origin: string) => ({ Origin: origin, "Sec-Fetch-Site": "same-origin" });

/** What React Router's client posts for a form of `url`: `/path.data`, `/_.data?index`. */
export function dataUrlOf(url: string, routeId?: string) {
  const parsed = new URL(url, "http://x");
  const pathname = parsed.pathname === "/" ? "/_.data" : `${parsed.pathname}.data`;
  if (routeId) parsed.searchParams.set("_routes", routeId);
  return `${pathname}${parsed.search}`;
}

function post(
  client: APIRequestContext,
  origin: string,
  url: string,
  sent: { intent?: string; fields?: Record<string, string>; json?: unknown },
): Promise<APIResponse> {
  const headers = sameOrigin(origin);
  if (sent.json !== undefined) {
    return client.post(url, { data: sent.json, headers, maxRedirects: 0 });
  }
  const form = { ...(sent.intent ? { intent: sent.intent } : {}), ...sent.fields };
  return client.post(url, { form, headers, maxRedirects: 0 });
}

/** A document post's answer, as one line: its status and where it sends her. */
function described(response: APIResponse) {
  const location = response.headers().location;
  return location === undefined ? `${response.status()}` : `${response.status()} ${location}`;
}

function expectedLine(expected: Answer, url: string) {
  const location = expectedLocation(expected, url);
  return location === undefined ? `${expected.status}` : `${expected.status} ${location}`;
}

/**
 * The same post as the client-side form sends it. A redirect (a refusal, or an allowed role's
 * redirect) is React Router's 202 naming it; anything else keeps the action's status.
 */
async function describedData(response: APIResponse) {
  if (response.status() !== 202) return `${response.status()}`;
  const location = /^\[\{[^\]]*?\},"redirect","([^"]*)"/.exec(await response.text())?.[1];
  return `202 redirect ${location}`;
}

function expectedDataLine(expected: Answer, url: string) {
  return expected.location === undefined
    ? `${expected.status}`
    : `202 redirect ${expectedLocation(expected, url)}`;
}

function expectAnswer(response: APIResponse, expected: Answer, url: string, label: string) {
  expect(described(response), label).toBe(expectedLine(expected, url));
}

export interface MatrixContext {
  origin: string;
  client: (who: Who) => APIRequestContext;
  /** Signs her in again (a new client) after the matrix signed her out. */
  signIn: (who: Exclude<Who, "visitor">) => Promise<void>;
}

/**
 * One role's row of the matrix: every post of every action route, each as a line "POST url →
 * answer", compared with the table's lines at the end (a failure lists every difference).
 */
async function actAs(who: Who, context: MatrixContext) {
  const expected: string[] = [];
  const observed: string[] = [];
  const ordered = Object.entries(actionRules).sort(
    ([, a], [, b]) => Number(Boolean(a.endsSession)) - Number(Boolean(b.endsSession)),
  );
  for (const [pattern, rule] of ordered) {
    const leaf = table.get(pattern)?.ids.at(-1);
    for (const [index, sent] of rule.posts.entries()) {
      const url = sent.url ?? rule.url ?? pattern;
      const answer = sent.answer(who);
      const label = `POST ${url}${sent.intent ? ` intent=${sent.intent}` : ""}`;
      const client = context.client(who);
      // A document post of a guarded route, once: after its action the page's loaders run
      // and their own guard answers, which can hide an action that let her through. Its
      // `.data` form (what the page's JavaScript posts) is the action's answer alone: for
      // every post, and once with `_routes` (the leaf only).
      if (!rule.allowed || index === 0) {
        const response = await post(client, context.origin, url, sent);
        expected.push(`${label} → ${expectedLine(answer, url)}`);
        observed.push(`${label} → ${described(response)}`);
      }
      if (rule.allowed) {
        const dataUrls = index === 0 ? [dataUrlOf(url), dataUrlOf(url, leaf)] : [dataUrlOf(url)];
        for (const dataUrl of dataUrls) {
          const response = await post(client, context.origin, dataUrl, sent);
          expected.push(`${label} as ${dataUrl} → ${expectedDataLine(answer, url)}`);
          observed.push(`${label} as ${dataUrl} → ${await describedData(response)}`);
        }
      }
    }
    if (rule.endsSession && who !== "visitor") {
      // Signed out indeed; then in again for what follows.
      const after = await context.client(who).get("/account/security", { maxRedirects: 0 });
      expect(after.headers().location, `${who} signed out`).toBe(
        `${LOGIN_BACK}${encodeURIComponent("/account/security")}`,
      );
      await context.signIn(who);
    }
  }
  expect(observed, `the actions as ${who}`).toEqual(expected);
}

const APPLICANT = {
  fullName: "Joana Teixeira",
  age: "27",
  email: "joana.teixeira@example.com",
  instagram: "@joana.tx",
  experience: "beginner",
  message: "Quero começar com uma agência séria.",
  consent: "on",
};

/**
 * The action matrix's tests, inside the loader matrix's serial group: its server, its accounts.
 * `context` is read when the tests run (after the group's beforeAll).
 */
/** Who the map does not let send the forms of a URL pattern's screen. */
const refusedAt = (pattern: string) => everyone.filter((who) => !mayActAt(pattern).includes(who));

export function actionMatrixTests(context: () => MatrixContext) {
  for (const who of everyone) {
    test(`actions as ${who}`, async () => {
      await actAs(who, context());
    });
  }

  test("refused actions change nothing; the same forms from an allowed role do", async () => {
    const { origin, client } = context();
    const owner = client("owner");

    // An application, sent by a visitor through the form.
    const sent = await post(client("visitor"), origin, "/?index", { fields: APPLICANT });
    expect(sent.status(), "the application").toBe(200);
    const applicationId = await pendingApplicationId(owner, APPLICANT.email);
    const affiliateId = await affiliateIdOf(owner, "affiliate@example.com");
    const users = await accounts(owner);
    const idOf = (who: Who) => users.find((row) => row.email === `${who}@example.com`)!.id;
    const detailUrl = `/admin/cadastros/${applicationId}`;
    const affiliateUrl = `/admin/afiliados/${affiliateId}`;

    /** What the attacks would change, as the admin's screens show it. */
    async function state() {
      const [detail, list, affiliate, smtpHost, retentionMonths] = await Promise.all([
        application(owner, applicationId),
        accounts(owner),
        affiliateStatus(owner, affiliateId),
        fieldValue(owner, "/admin/email/smtp", "host"),
        fieldValue(owner, "/admin/privacy", "months"),
      ]);
      return {
        application: detail,
        users: Object.fromEntries(
          list.map((row) => [row.email, `${row.role}${row.disabled ? ", disabled" : ""}`]),
        ),
        affiliate,
        smtpHost,
        retentionMonths: Number(retentionMonths),
      };
    }

    // Valid forms, each of which changes something for a role allowed to send it.
    const attacks: {
      what: string;
      url: string;
      fields: (who: Who) => Record<string, string>;
      refused: Who[];
    }[] = [
      {
        what: "approve the application",
        url: detailUrl,
        fields: () => ({ from: "Pendente", to: "Aprovado", note: "aprovada" }),
        refused: refusedAt("/admin/cadastros/:id"),
      },
      {
        what: "approve it from the pending list",
        url: "/admin/pendentes",
        fields: () => ({ to: "Aprovado", id: String(applicationId) }),
        refused: refusedAt("/admin/pendentes"),
      },
      {
        what: "erase it",
        url: `${detailUrl}/erase`,
        fields: () => ({ confirm: "yes" }),
        refused: refusedAt("/admin/cadastros/:id/erase"),
      },
      {
        // Each makes herself admin (a visitor tries it for the model).
        what: "make herself admin",
        url: "/admin/users",
        fields: (who) => ({
          intent: "role",
          userId: idOf(who === "visitor" ? "model" : who),
          role: "admin",
        }),
        refused: refusedAt("/admin/users"),
      },
      {
        what: "disable the admin",
        url: "/admin/users",
        fields: () => ({ intent: "disable", userId: idOf("admin") }),
        refused: refusedAt("/admin/users"),
      },
      {
        what: "suspend the affiliate",
        url: affiliateUrl,
        fields: () => ({ intent: "status", status: "suspended" }),
        refused: refusedAt("/admin/afiliados/:id"),
      },
      {
        what: "point the mail at her own SMTP server",
        url: "/admin/email/smtp",
        fields: () => smtpForm,
        refused: refusedAt("/admin/email/smtp"),
      },
      {
        what: "change how long applications are kept",
        url: "/admin/privacy",
        fields: () => ({ intent: "save", months: "99" }),
        refused: refusedAt("/admin/privacy"),
      },
    ];

    const before = await state();
    expect(before.application).toEqual({
      status: "Pendente",
      name: APPLICANT.fullName,
      erased: false,
      decisions: 1,
    });
    // Every answer is compared after the state: what changed is the first thing a failure says.
    const expected: string[] = [];
    const observed: string[] = [];
    for (const attack of attacks) {
      for (const who of attack.refused) {
        const refusal = who === "visitor" ? LOGIN : DENIED;
        const fields = attack.fields(who);
        const response = await post(client(who), origin, attack.url, { fields });
        expected.push(`${who}: ${attack.what} → ${expectedLine(refusal, attack.url)}`);
        observed.push(`${who}: ${attack.what} → ${described(response)}`);
        const dataUrl = dataUrlOf(attack.url);
        const data = await post(client(who), origin, dataUrl, { fields });
        expected.push(
          `${who}: ${attack.what} (${dataUrl}) → ${expectedDataLine(refusal, attack.url)}`,
        );
        observed.push(`${who}: ${attack.what} (${dataUrl}) → ${await describedData(data)}`);
      }
    }
    expect(await state(), "after the refused attempts").toEqual(before);
    expect(observed, "the refused attempts' answers").toEqual(expected);

    // The approver decides a pending application, but never reopens a decided one.
    const decide = (who: Who, url: string, fields: Record<string, string>) =>
      post(client(who), origin, url, { fields });
    expectAnswer(
      await decide("approver", detailUrl, attacks[0]!.fields("approver")),
      { status: 302, location: `${detailUrl}?notice=Aprovado` },
      detailUrl,
      "approver approves",
    );
    expect((await state()).application.status).toBe("Aprovado");
    const reopen = { from: "Aprovado", to: "Pendente" };
    const reopened = await decide("approver", detailUrl, reopen);
    expect(reopened.status(), "the approver reopens").toBe(403);
    const reopenedData = await decide("approver", dataUrlOf(detailUrl), reopen);
    expect(reopenedData.status(), "the approver reopens (.data)").toBe(403);
    expect((await state()).application.status, "the approver did not reopen").toBe("Aprovado");
    expectAnswer(
      await decide("owner", detailUrl, reopen),
      { status: 302, location: `${detailUrl}?notice=Pendente` },
      detailUrl,
      "the admin reopens",
    );
    expect((await state()).application.status).toBe("Pendente");
    const bulk = await decide("approver", "/admin/pendentes", attacks[1]!.fields("approver"));
    expect(bulk.status(), "the approver approves from the list").toBe(200);
    expect((await state()).application.status).toBe("Aprovado");

    // The admin (the owner: the admin is the one being disabled) sends the other forms.
    for (const attack of attacks.slice(2)) {
      const response = await decide("owner", attack.url, attack.fields("model"));
      expect(response.status(), `the admin: ${attack.what}`).toBeLessThan(400);
    }
    const after = await state();
    expect(after.application.erased).toBe(true);
    expect(after.application.name).not.toBe(APPLICANT.fullName);
    expect(after.users["model@example.com"]).toBe("admin");
    expect(after.users["admin@example.com"]).toBe("admin, disabled");
    expect(after.affiliate).toBe("suspended");
    expect(after.smtpHost).toBe(smtpForm.host);
    expect(after.retentionMonths).toBe(99);
  });
}

/**
 * SMTP settings pointing at an address of the attacker's (here a closed port on this machine,
 * so the admin's save in the proof sends nothing anywhere).
 */
const smtpForm = {
  intent: "smtp",
  host: "127.0.0.1",
  port: "1",
  security: "none",
  user: "thief",
  password: "thief-password",
  senderName: "Maré Talent",
  senderAddress: "contato@maretalent.com.br",
};
