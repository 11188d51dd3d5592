import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeAccountsFolder } from "./accounts.ts";

/**
 * Once per run, before any test: one data folder with a migrated database and every named
 * account (accounts.ts), made in this process. Each worker's server, and each server of a test's
 * own that needs accounts, starts on a copy of it (`accountsDataDir()`): no server is ever
 * stopped to add an account. Its path reaches the workers as E2E_ACCOUNTS_DIR.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mare-e2e-accounts-"));
  await makeAccountsFolder(dataDir);
  process.env.E2E_ACCOUNTS_DIR = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
