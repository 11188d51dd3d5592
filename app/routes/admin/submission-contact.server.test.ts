import { randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#app/db/db.server.ts";
import { accessLog, outbox, submissions, user } from "#app/db/schema.server.ts";
import { whatsappMessage } from "#app/mail/whatsapp-templates.server.ts";
import { namedAccounts } from "#app/test/accounts.server.ts";
import { insertApplicationRow } from "#app/test/factories.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { outcomeOf } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { whatsappLink } from "#app/utils/whatsapp.ts";
import * as contactRoute from "./submission-contact.ts";
import { paced } from "#app/test/pace.ts";

/**
 * POST /admin/cadastros/:id/contact as its users and its attackers send it: the reviewers get
 * WhatsApp's chat with her stored number (and a row in the access log); everyone else, another
 * site and a tampered form get nothing, and no form can make it send a reviewer elsewhere.
 */
const roles = ["approver", "admin", "editor", "model", "affiliate"] as const;

describe.each(routeTestTargets)("contacting an applicant over HTTP on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  const { ids, cookies, account } = namedAccounts<(typeof roles)[number]>(
    marker,
    (who) => `${who} ${marker}`,
  );

  const post = (
    id: number | string,
    fields: [string, string][],
    { who, origin = TEST_ORIGIN }: { who?: (typeof roles)[number]; origin?: string } = {},
  ) =>
    new Request(`${TEST_ORIGIN}/admin/cadastros/${id}/contact`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        origin,
        ...(who ? { cookie: cookies[who] } : {}),
        "x-client-ip": "198.51.100.77",
      },
    });

  const act = (request: Request, id: number | string) =>
    outcomeOf(() =>
      contactRoute.action({ request, params: { id: String(id) }, context: {} } as never),
    );

  async function application(whatsapp: string | null, language = "pt") {
    const email = `ana.${marker}.${randomBytes(3).toString("hex")}@example.com`;
    const id = await insertApplicationRow(await getDatabase(), {
      language,
      fullName: "Ana Beatriz Souza",
      email,
      whatsapp,
    });
    return { id, email };
  }

  const contacts = async (id: number) =>
    (await getDatabase())
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.subject, `submission:${id}`), eq(accessLog.action, "submission.contact")),
      );

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    for (const role of roles) await account(role, role);
  }, paced(90_000));

  afterAll(async () => {
    const db = await getDatabase();
    await db.delete(submissions).where(like(submissions.email, `%.${marker}.%`));
    await db.delete(outbox).where(like(outbox.recipient, `%.${marker}.%`));
    await db.delete(accessLog).where(inArray(accessLog.actorId, Object.values(ids)));
    await db.delete(user).where(inArray(user.id, Object.values(ids)));
    await closeAppDatabase();
  });

  it.each(["approver", "admin"] as const)(
    "sends a %s to her WhatsApp chat and records it",
    async (who) => {
      const { id } = await application("+5548999990001", "es");
      const answer = await act(post(id, [["method", "whatsapp"]], { who }), id);
      const expected = whatsappLink(
        "+5548999990001",
        await whatsappMessage(await getDatabase(), "es", "Ana Beatriz Souza"),
      );
      expect(answer).toMatchObject({ status: 302, location: expected });
      expect(expected).toMatch(/^https:\/\/wa\.me\/5548999990001\?text=%C2%A1Hola%2C%20Ana!/);
      // WhatsApp is not told which application's page she came from.
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      expect(await contacts(id)).toMatchObject([
        {
          actorId: ids[who],
          ip: "198.51.100.77",
          details: { method: "whatsapp", language: "es" },
        },
      ]);
    },
  );

  it.each(["editor", "model", "affiliate"] as const)(
    "refuses a signed-in %s: to /permission-denied, nothing recorded",
    async (who) => {
      const { id } = await application("+5548999990002");
      for (const method of ["whatsapp", "email"]) {
        expect(await act(post(id, [["method", method]], { who }), id)).toMatchObject({
          status: 302,
          location: "/permission-denied",
        });
      }
      expect(await contacts(id)).toEqual([]);
    },
  );

  it("sends a visitor to sign in first, and records nothing", async () => {
    const { id } = await application("+5548999990003");
    const answer = await act(post(id, [["method", "whatsapp"]]), id);
    expect(answer).toMatchObject({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(`/admin/cadastros/${id}/contact`)}`,
    });
    expect(await contacts(id)).toEqual([]);
  });

  it("refuses the post from another site, with a reviewer's session: 403, nothing recorded or sent", async () => {
    const { id, email } = await application("+5548999990004");
    for (const method of ["whatsapp", "email"]) {
      const answer = await act(
        post(id, [["method", method]], { who: "approver", origin: "https://evil.example" }),
        id,
      );
      expect(answer.status).toBe(403);
    }
    expect(await contacts(id)).toEqual([]);
    const db = await getDatabase();
    expect(await db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
  });

  it("cannot be turned into an open redirect: only the stored number leads anywhere", async () => {
    const { id } = await application("+5548999990005", "en");
    const expected = whatsappLink(
      "+5548999990005",
      await whatsappMessage(await getDatabase(), "en", "Ana Beatriz Souza"),
    );
    const evil = "https://evil.example/phish";
    // Every name a redirect could be hidden in, and a second `method` after the real one.
    const tampered: [string, string][] = [
      ["method", "whatsapp"],
      ["method", evil],
      ...[
        "url",
        "link",
        "to",
        "redirect",
        "redirectTo",
        "next",
        "returnTo",
        "location",
        "href",
      ].map((name): [string, string] => [name, evil]),
      ["whatsapp", "+1@evil.example"],
      ["phone", "+14155550000"],
      ["number", "evil.example"],
      ["text", "Click https://evil.example"],
    ];
    const answer = await act(post(id, tampered, { who: "approver" }), id);
    expect(answer).toMatchObject({ status: 302, location: expected });
    const location = new URL(answer.location!);
    expect(location.origin).toBe("https://wa.me");
    expect(location.pathname).toBe("/5548999990005");
    expect(answer.location).not.toContain("evil");

    // A method that is not one of ours is refused outright, whatever it looks like.
    for (const method of [evil, "//evil.example", "WhatsApp", ""]) {
      const refused = await act(post(id, [["method", method]], { who: "approver" }), id);
      expect(refused.status).toBe(400);
      expect(refused.location).toBeNull();
    }
    // An id that is not one: 404, never a redirect.
    for (const bad of ["0", "-1", "1e3", "evil.example", "%2F%2Fevil.example"]) {
      const refused = await act(post(bad, [["method", "whatsapp"]], { who: "approver" }), bad);
      expect(refused.status).toBe(404);
    }
    // The stored number changed to something that is not E.164: back to her page, not elsewhere.
    await (
      await getDatabase()
    )
      .update(submissions)
      .set({ whatsapp: "//evil.example" })
      .where(eq(submissions.id, id));
    const unavailable = await act(post(id, [["method", "whatsapp"]], { who: "approver" }), id);
    expect(unavailable).toMatchObject({
      status: 302,
      location: `/admin/cadastros/${id}?contact=unavailable#contact`,
    });
    expect(await contacts(id)).toHaveLength(1);
  });

  it("queues her decision's mail again for an e-mail contact, and goes back to her page", async () => {
    const { id, email } = await application("+5548999990006");
    const db = await getDatabase();
    await db.update(submissions).set({ status: "Aprovado" }).where(eq(submissions.id, id));
    const answer = await act(post(id, [["method", "email"]], { who: "approver" }), id);
    expect(answer).toMatchObject({
      status: 302,
      location: `/admin/cadastros/${id}?contact=email#contact`,
    });
    expect(
      (await db.select().from(outbox).where(eq(outbox.recipient, email))).map((m) => m.kind),
    ).toEqual(["approved"]);
    expect(await contacts(id)).toMatchObject([
      { actorId: ids.approver, details: { method: "email", template: "approved" } },
    ]);
  });

  it("records and opens nothing on a GET: back to her page", async () => {
    const { id } = await application("+5548999990007");
    const request = new Request(`${TEST_ORIGIN}/admin/cadastros/${id}/contact?method=whatsapp`, {
      headers: { cookie: cookies.approver },
    });
    const answer = await outcomeOf(() =>
      contactRoute.loader({ request, params: { id: String(id) }, context: {} } as never),
    );
    expect(answer).toMatchObject({ status: 302, location: `/admin/cadastros/${id}` });
    expect(await contacts(id)).toEqual([]);
  });
});
