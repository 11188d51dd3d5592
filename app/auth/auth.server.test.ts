import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { TEST_ORIGIN, testServerEnv } from "#app/test/app-database.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { affiliates, outbox, user } from "#app/db/schema.server.ts";
import { createAuthFor, type Auth } from "./auth.server.ts";
import { paced } from "#app/test/pace.ts";

const headers = () => new Headers({ origin: TEST_ORIGIN, "x-client-ip": "198.51.100.7" });

describe.each(databaseTargets)("accounts on %s", (_name, kind) => {
  let database: DatabaseHandle;
  let auth: Auth;
  const marker = `auth-${randomUUID().slice(0, 8)}`;
  const email = (name: string) => `${name}.${marker}@example.com`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    auth = createAuthFor(database.db, testServerEnv());
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(user).where(like(user.email, `%${marker}%`));
    await database.db.delete(outbox).where(like(outbox.recipient, `%${marker}%`));
    await database.close();
  });

  const mailTo = async (to: string, kind: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to), eq(outbox.kind, kind)));

  it("signs up with a verification mail, refuses sign-in until verified, then signs in", async () => {
    const address = email("ana");
    const signedUp = await auth.api.signUpEmail({
      body: { name: "Ana Souza", email: address, password: "maré-talent-2026!", language: "es" },
      headers: headers(),
      asResponse: true,
    });
    // The browser that signed up keeps a proof of it, which the link needs to keep her password.
    const proof = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const [mail] = await mailTo(address, "verification");
    expect(mail).toMatchObject({ language: "es", status: "queued" });
    const token = /token=([^&\s]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();

    await expect(
      auth.api.signInEmail({
        body: { email: address, password: "maré-talent-2026!" },
        headers: headers(),
      }),
    ).rejects.toMatchObject({ status: "FORBIDDEN" });

    // As her browser opens the link: Better Auth reads the proof from the request.
    await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/verify-email?token=${token}`, {
        headers: new Headers([...headers(), ["cookie", proof]]),
      }),
    );
    const signedIn = await auth.api.signInEmail({
      body: { email: address, password: "maré-talent-2026!" },
      headers: headers(),
    });
    expect(signedIn.user).toMatchObject({ email: address, emailVerified: true, role: "model" });
  });

  it("refuses short and common passwords", async () => {
    await expect(
      auth.api.signUpEmail({
        body: { name: "Bia", email: email("bia"), password: "short" },
        headers: headers(),
      }),
    ).rejects.toMatchObject({ status: "BAD_REQUEST" });
    await expect(
      auth.api.signUpEmail({
        body: { name: "Bia", email: email("bia"), password: "Password123" },
        headers: headers(),
      }),
    ).rejects.toMatchObject({ body: { message: "PASSWORD_COMMON" } });
  });

  it("lets a request ask for model or affiliate only, and gives an affiliate a referral code", async () => {
    await expect(
      auth.api.signUpEmail({
        body: { name: "Eva", email: email("eva"), password: "a-long-passphrase", role: "admin" },
        headers: headers(),
      }),
    ).rejects.toMatchObject({ status: "BAD_REQUEST" });
    const { user: created } = await auth.api.signUpEmail({
      body: { name: "Lia", email: email("lia"), password: "a-long-passphrase", role: "affiliate" },
      headers: headers(),
    });
    const [row] = await database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.userId, created.id));
    expect(row?.referralCode).toMatch(/^[A-Z2-9]{7}$/);
  });
});
