import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/db.server.ts";
import { postgresAdmin, postgresBaseUrl, postgresUrlOf } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated embedded database (PGlite's dumpDataDir), copied per test file. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database that test files copy (`create database … template`). */
    postgresTemplate: string | null;
  }
}

/**
 * Runs once per `vitest run`, before any test file (vitest.config.ts): migrates one embedded
 * database and, when a PostgreSQL server is given (TEST_DATABASE_URL), one template database,
 * so that each test file starts from a copy instead of running every migration again
 * (app/test/databases.ts). Its teardown drops what the run made.
 */
export async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "mare-vitest-"));
  const tarball = path.join(folder, "migrated.tar");
  const embedded = openDatabase({ dataDir: "memory://" });
  try {
    await embedded.migrate();
    // Uncompressed: a copy is read once per test file, and gunzipping 40 MB costs more than
    // reading them from the page cache.
    const dump = await embedded.pglite!.dumpDataDir("none");
    writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await embedded.close();
  }
  project.provide("pgliteTemplate", tarball);

  const baseUrl = postgresBaseUrl();
  let template: string | null = null;
  if (baseUrl) {
    template = `${new URL(baseUrl).pathname.slice(1)}_template_${randomBytes(4).toString("hex")}`;
    await postgresAdmin(baseUrl, `create database ${template}`);
    const database = openDatabase({ url: postgresUrlOf(baseUrl, template), dataDir: "memory://" });
    try {
      await database.migrate();
    } finally {
      // A database is copied only while nobody is connected to it.
      await database.close();
    }
  }
  project.provide("postgresTemplate", template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!baseUrl || !template) return;
    // The copies of files that ended before they could drop theirs, then the template.
    const { rows } = await postgresAdmin(
      baseUrl,
      `select datname from pg_database where datname like '${template}\\_%'`,
    );
    for (const { datname } of rows) {
      await postgresAdmin(baseUrl, `drop database ${String(datname)} with (force)`);
    }
    await postgresAdmin(baseUrl, `drop database ${template} with (force)`);
  };
}
