import { randomBytes } from "node:crypto";
import { eq, like, or } from "drizzle-orm";
import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import {
  accessLog,
  outbox,
  rateLimits,
  submissions,
  submissionStatusHistory,
  user,
} from "#app/db/schema.server.ts";
import { resources } from "#app/i18n/resources.server.ts";
import { TranslationProvider } from "#app/i18n/translation.tsx";
import * as home from "#app/routes/_marketing/home.tsx";
import * as chatbot from "#app/routes/resources/chatbot-application.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { hostileText, markupPayloads } from "#app/test/hostile.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import * as detail from "./submission.tsx";
import * as list from "./submissions.tsx";

/**
 * Stored script never runs: applications whose free-text answers are markup (or any hostile
 * text), sent through the form and the chatbot and given a reviewer's note, are read back by
 * the admin's loaders and rendered by the admin's pages as the server renders them. The HTML
 * has the text, literally, and no element or attribute that came from it. (The browser side,
 * with the CSP, is tests/e2e/stored-markup.spec.ts.)
 */

const runs = Number(process.env.FUZZ_RUNS ?? 25);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Text a person could have typed into a free-text field, markup first. */
const freeText = (max: number) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...markupPayloads), weight: 3 },
    {
      arbitrary: hostileText.filter((text) => text.trim().length > 0 && text.length <= max),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...markupPayloads), fc.constantFrom(...markupPayloads))
        .map(([a, b]) => `${a} ${b}`),
      weight: 1,
    },
  );

/** The page as React renders it on the server, with its loader's data. */
function render(Page: React.ComponentType, loaderData: unknown, path: string) {
  const Stub = createRoutesStub([{ id: "page", path: "*", Component: Page }]);
  return renderToString(
    <TranslationProvider language="en" strings={resources.en}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData } }} />
    </TranslationProvider>,
  );
}

/** The text of the HTML, tags stripped and entities decoded, whitespace removed. */
function textOf(html: string) {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, "");
}

/** Nothing in the page can run: no script element, no event handler, no javascript: link. */
function expectInert(html: string, label: string) {
  const dangers: [string, RegExp][] = [
    ["a script element", /<script\b/i],
    ["an iframe, object or embed", /<(iframe|object|embed)\b/i],
    ["a style element", /<style\b/i],
    ["an event handler attribute", /<[a-z][^>]*\son[a-z]+\s*=/i],
    ["a javascript: URL", /<[a-z][^>]*\s(href|src|action|formaction)\s*=\s*["']?\s*javascript:/i],
  ];
  for (const [what, pattern] of dangers) {
    const found = pattern.exec(html);
    const around = found ? html.slice(Math.max(0, found.index - 200), found.index + 200) : "";
    expect(found, `${label}: ${what}: …${around}…`).toBeNull();
  }
}

describe.each(routeTestTargets)("stored markup on the admin's pages on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  // Each client its own IPv6 /64 (a limit counts a /64 as one address), all of them this run's.
  const ipPrefix = `2001:0db8:${marker.slice(0, 4)}:`;
  let count = 0;
  let admin = "";
  let adminId = "";

  const request = (path: string, init: { body?: BodyInit; json?: boolean; cookie?: string } = {}) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: init.body ? "POST" : "GET",
      body: init.body,
      headers: {
        origin: TEST_ORIGIN,
        "x-client-ip": `${ipPrefix}${(++count).toString(16)}::1`,
        ...(init.json ? { "content-type": "application/json" } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });

  beforeAll(async () => {
    await openAppDatabase(kind, {
      ...TEST_SERVER_SETTINGS,
      SUBMISSION_RATE_LIMIT: "1000",
    });
    const made = await signedInAccount({
      email: `admin.${marker}@example.com`,
      name: "Dora Admin",
      role: "admin",
      password: "senha-de-teste-longa-2026",
      origin: TEST_ORIGIN,
    });
    admin = made.cookie;
    adminId = made.id;
  }, 60_000);

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(accessLog).where(eq(accessLog.actorId, adminId));
    await db.delete(user).where(eq(user.id, adminId));
    await db.delete(submissions).where(like(submissions.emailNormalized, `%.${marker}@%`));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}@%`));
    await db
      .delete(rateLimits)
      .where(or(like(rateLimits.key, `%${marker}%`), like(rateLimits.key, `%${ipPrefix}%`)));
    await closeAppDatabase();
  });

  it("shows every stored answer and note as text, and nothing from them runs", async () => {
    let stored = 0;
    const application = fc.record({
      channel: fc.constantFrom("form", "chatbot"),
      fullName: freeText(100),
      city: freeText(100),
      instagram: freeText(150),
      message: freeText(1500),
      note: freeText(1000),
    });
    await fc.assert(
      fc.asyncProperty(application, async (input) => {
        const email = `r${count}.${marker}@example.com`;
        const answers = {
          fullName: input.fullName,
          email,
          instagram: input.instagram,
          experience: "beginner",
          message: `Mensagem: ${input.message}`,
          consent: "on",
        };
        const sent =
          input.channel === "form"
            ? await callRoute(
                home.action,
                request("/?index", { body: new URLSearchParams({ ...answers, age: "30" }) }),
              )
            : await callRoute(
                chatbot.action,
                request("/api/chatbot", {
                  json: true,
                  body: JSON.stringify({
                    ...answers,
                    dateOfBirth: "1990-05-17",
                    country: "BR",
                    city: input.city,
                    phone: "+55 48 99999-9999",
                    document: "123.456.789-09",
                  }),
                }),
              );
        // Some hostile text is refused by the schema (an Instagram handle has rules): nothing
        // stored, nothing to show.
        fc.pre(sent.status === 200);
        const db = await getDatabase();
        const [row] = await db
          .select()
          .from(submissions)
          .where(eq(submissions.emailNormalized, email));
        expect(row, "stored").toBeDefined();
        stored++;

        const path = `/admin/cadastros/${row!.id}`;
        const decided = await callRoute(
          detail.action,
          request(path, {
            cookie: admin,
            body: new URLSearchParams({ from: "Pendente", to: "Aprovado", note: input.note }),
          }),
          { id: String(row!.id) },
        );
        expect(decided.status).toBe(302);
        const [stored2] = await db.select().from(submissions).where(eq(submissions.id, row!.id));

        const page = await callRoute(detail.loader, request(path, { cookie: admin }), {
          id: String(row!.id),
        });
        const html = render(detail.default as React.ComponentType, page.data, path);
        expectInert(html, path);
        const text = textOf(html);
        for (const value of [
          stored2!.fullName,
          stored2!.message,
          stored2!.instagram,
          stored2!.city,
        ]) {
          if (value)
            expect(text, `${path} shows ${JSON.stringify(value)}`).toContain(
              value.replace(/\s+/g, ""),
            );
        }
        const notes = await db
          .select()
          .from(submissionStatusHistory)
          .where(eq(submissionStatusHistory.submissionId, row!.id));
        for (const { note } of notes) {
          if (note)
            expect(text, `the note ${JSON.stringify(note)}`).toContain(note.replace(/\s+/g, ""));
        }

        // The list, searched for her: the row, and the search echoed in its box.
        const listPath = `/admin/cadastros?q=${encodeURIComponent(email)}`;
        const listed = await callRoute(list.loader, request(listPath, { cookie: admin }));
        const listHtml = render(list.default as React.ComponentType, listed.data, listPath);
        expectInert(listHtml, listPath);
        expect(textOf(listHtml)).toContain(stored2!.fullName.replace(/\s+/g, ""));
      }),
      { numRuns: runs, seed },
    );
    // Not a property that holds because nothing was ever stored.
    expect(stored).toBeGreaterThan(runs / 2);
  }, 120_000);
});
