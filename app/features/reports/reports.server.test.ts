import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { openTestDatabase } from "#app/test/databases.ts";
import { insertAccount } from "#app/test/factories.ts";
import { outbox, settings } from "#app/db/schema.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { isStrongSecret, productionChecklist } from "./checklist.server.ts";
import { recordServerError, serverErrors } from "./server-errors.server.ts";
import { techReport } from "./tech-report.server.ts";
import { paced } from "#app/test/pace.ts";

// A database of its own: the checks count admins and queued mail across the whole database.
describe("the production checklist and the tech report", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  }, paced(60_000));
  afterAll(() => database.close());

  const verdicts = async (env: Record<string, string>) =>
    Object.fromEntries(
      (await productionChecklist(database.db, getEnv({ NODE_ENV: "test", ...env }))).map((c) => [
        c.id,
        c.ok,
      ]),
    );

  it("tells a typed secret from a generated one", () => {
    expect(isStrongSecret(undefined)).toBe(false);
    expect(isStrongSecret("a".repeat(40))).toBe(false);
    expect(isStrongSecret("password1234password1234password")).toBe(false);
    expect(isStrongSecret("q8Zt0vN3xLr6Kd1PwYb9HsE2uJc5MfA7Gi4Ty")).toBe(true);
  });

  it("fails what a development set-up leaves open, and says which", async () => {
    const result = await verdicts({});
    expect(result).toMatchObject({
      authSecret: false,
      database: false,
      smtp: false,
      adminEmail: false,
      adminTwoFactor: false,
      google: false,
      https: false,
      outbox: true,
      migrations: true,
    });
  });

  it("passes each check once its fix is in place", async () => {
    await insertAccount(database.db, {
      id: "checklist-admin",
      name: "Admin",
      email: "owner@maretalent.example",
      emailVerified: true,
      twoFactorEnabled: true,
    });
    await database.db.insert(settings).values({
      key: "smtp.lastTest",
      value: { at: new Date().toISOString(), ok: true },
    });
    const result = await verdicts({
      BETTER_AUTH_SECRET: "q8Zt0vN3xLr6Kd1PwYb9HsE2uJc5MfA7Gi4Ty",
      DATABASE_URL: "postgres://mare@db.internal/mare",
      ADMIN_EMAIL: "Owner@maretalent.example",
      GOOGLE_SIGN_IN: "off",
      PUBLIC_ORIGIN: "https://maretalent.example",
    });
    expect(result).toMatchObject({
      authSecret: true,
      database: true,
      smtp: true,
      adminEmail: true,
      adminTwoFactor: true,
      google: true,
      https: true,
    });
  });

  it("flags mail that has waited more than an hour", async () => {
    await database.db.insert(outbox).values({
      kind: "confirmation",
      recipient: "late@example.com",
      language: "pt",
      subject: "s",
      html: "h",
      text: "t",
      createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
    });
    expect((await verdicts({})).outbox).toBe(false);
  });

  it("reports versions, the database and recent errors without personal data", async () => {
    recordServerError(
      new Error("duplicate key for ana.souza@example.com doc 123456789"),
      new Request("http://localhost/admin/cadastros/9"),
    );
    const report = await techReport(database.db);
    expect(report.node).toBe(process.version);
    expect(report.libraries.find((l) => l.name === "react")?.version).toMatch(/^\d+\.\d+/);
    expect(report.database.kind).toBe(process.env.DATABASE_URL ? "PostgreSQL" : "PGlite");
    expect(report.database.migrations.applied).toBe(report.database.migrations.known);
    expect(report.database.bytes).toBeGreaterThan(0);
    expect(report.outbox.queued).toBeGreaterThanOrEqual(1);
    expect(serverErrors().recent[0]).toMatchObject({
      path: "/admin/cadastros/9",
      message: "Error: duplicate key for <e-mail> doc <number>",
    });
  });
});
