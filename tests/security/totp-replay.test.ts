import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentUser } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { session } from "#app/db/schema.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import type { CookieJar } from "#app/test/cookie-jar.ts";
import { browserRequests } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { accountWithAuthenticator, codeStep, passwordStep } from "#app/test/two-factor.server.ts";
import { totp } from "../e2e/accounts.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The attack: an authenticator code used twice. Someone who has her password and reads her
 * code (over her shoulder, or through a phishing page that passes it on) signs in with it
 * right after she did: the code was still accepted for its 30-second step and the next. Now a
 * code already used for the account is refused, whoever sends it and however fast, and the
 * session Better Auth made for the second use is gone before its cookie leaves.
 */

const PASSWORD = "maré-talent-2026!";

describe.each(routeTestTargets)("an authenticator code used twice, on %s", (_name, kind) => {
  const marker = randomBytes(4).toString("hex");
  let ipCount = 0;
  const newIp = () => `203.0.113.${++ipCount % 250}`;

  const request = browserRequests(TEST_ORIGIN, { ip: newIp });

  async function accountWithCode(name: string) {
    const address = `${name}.${marker}@example.com`;
    const { id, secret } = await accountWithAuthenticator({
      email: address,
      name: "Rita Souza",
      role: "approver",
      password: PASSWORD,
      origin: TEST_ORIGIN,
      ip: newIp(),
    });
    return { id, address, secret };
  }

  /** Her password, from a browser of its own: the browser is sent on to the code. */
  const passwordFrom = (address: string) =>
    passwordStep(request, { email: address, password: PASSWORD });

  const sendCode = (jar: CookieJar, code: string) => codeStep(request, jar, { code });

  const sessionsOf = async (userId: string) =>
    (await (await getDatabase()).select().from(session).where(eq(session.userId, userId))).length;

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
  }, paced(60_000));

  afterAll(closeAppDatabase);

  it("the code she used is refused to the next browser, which gets no session", async () => {
    const rita = await accountWithCode("rita");
    const code = totp(rita.secret);
    const hers = await passwordFrom(rita.address);
    const signedIn = await sendCode(hers, code);
    expect(signedIn.status).toBe(302);
    hers.take(signedIn.headers);
    expect(await getCurrentUser(request("/", { cookie: hers.header }))).toMatchObject({
      id: rita.id,
    });

    const sessionsBefore = await sessionsOf(rita.id);
    const his = await passwordFrom(rita.address);
    const replayed = await sendCode(his, code);
    expect(replayed).toMatchObject({ status: 400, data: { error: "security.wrongCode" } });
    his.take(replayed.headers);
    expect(his.has("mare.session_token")).toBe(false);
    expect(await sessionsOf(rita.id)).toBe(sessionsBefore);
    // Hers is untouched.
    expect(await getCurrentUser(request("/", { cookie: hers.header }))).toMatchObject({
      id: rita.id,
    });
  });

  it("sent twice at once, the code signs in exactly one of the two", async () => {
    const bia = await accountWithCode("bia");
    const code = totp(bia.secret);
    const [first, second] = await Promise.all([
      passwordFrom(bia.address),
      passwordFrom(bia.address),
    ]);
    const sessionsBefore = await sessionsOf(bia.id);
    const answers = await Promise.all([sendCode(first!, code), sendCode(second!, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    expect(await sessionsOf(bia.id)).toBe(sessionsBefore + 1);
  });
});
