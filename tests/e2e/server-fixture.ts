import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type WorkerInfo,
} from "@playwright/test";
import { createAccount } from "./accounts.ts";
import { waitForHydration } from "./hydration.ts";
import { logsDir, ownServer } from "./own-server.ts";
import { startSmtp, type Mailbox } from "./smtp.ts";

/**
 * The `app` fixture (part of `test` in fixtures.ts): a production server of the worker's own,
 * with its own database, a real SMTP server that keeps what it receives, and verified accounts.
 * Specs that need the server's data, mail or accounts use it instead of the shared server of
 * playwright.config.ts, and set nothing up themselves:
 *
 *   test("…", async ({ app, page }) => {
 *     await app.signIn(page, "admin");
 *     await page.goto(`${app.origin}/admin/users`);
 *     const mail = await app.mail.mailTo("ana@example.com");
 *
 * The specs of a worker share its server, one after another: they use addresses of their own,
 * assert on what they made rather than on the whole database, and an account they change
 * (disable, suspend, turn two-step sign-in on for) is one of their own (`{ email }`). A spec
 * that needs a server set up otherwise, or a database no other spec writes to, says so at the
 * top of its file with `test.use({ serverEnv: { … } })`: Playwright gives a file with its own
 * worker option a worker of its own, hence a server of its own (`{}` asks for just that).
 */

export type Role = "model" | "affiliate" | "approver" | "editor" | "admin";

/** Where each role lands after signing in (product.md section 2). */
export const homeOf: Record<Role, string> = {
  model: "/dashboard/model",
  affiliate: "/portal",
  approver: "/admin/dashboard",
  editor: "/admin/blog",
  admin: "/admin/dashboard",
};

export interface Account {
  email: string;
  password: string;
  role: Role;
  /** Her name as the app shows it. */
  name: string;
}

export interface AccountOptions {
  /** An account of her own at this address (made once per worker) instead of the role's. */
  email?: string;
  /** A new account at an address made up for it, nobody else's. */
  fresh?: boolean;
}

export interface SignInOptions extends AccountOptions {
  /** The language the page is left in (a `?lang=` choice, remembered): English by default. */
  lang?: string;
}

export interface AppServer {
  origin: string;
  port: number;
  /** Its log file, in test-logs/ with the others. */
  log: string;
  /** What the server mailed: `mail.mailTo(address, after)` waits for the next one to her. */
  mail: Mailbox;
  /**
   * A verified account of the role: the role's own, made before the server started and shared
   * by the worker's specs, unless the options ask for one of her own. Making that one restarts
   * the server (npm run user:create needs the embedded database to itself), which a page still
   * loading would see fail: ask for it before opening pages (in `beforeAll` or first thing).
   */
  account(role: Role, options?: AccountOptions): Promise<Account>;
  /**
   * Signs her in through the login form, as a browser without JavaScript posts it: a page is
   * then left on her home page, hydrated; a browser context or an API client only holds the
   * session. Each sign-in comes from an address of its own (the server trusts this machine as
   * its proxy), so the sign-in limit per address is left to what the tests do by hand.
   */
  signIn(
    target: Page | BrowserContext | APIRequestContext,
    role: Role,
    options?: SignInOptions,
  ): Promise<Account>;
}

export interface ServerWorkerFixtures {
  /** Environment of the worker's server, over the defaults below; set with `test.use`. */
  serverEnv: Record<string, string>;
  app: AppServer;
}

/** Every account made here has this password (the log check looks for it in every log). */
const PASSWORD = "conta-de-teste-da-mare-2026";

/** Each role's account, shared by the specs of a worker. */
const roleAccounts: Record<Role, { email: string; name: string }> = {
  model: { email: "model@example.com", name: "Teresa Model" },
  affiliate: { email: "affiliate@example.com", name: "Alice Affiliate" },
  approver: { email: "approver@example.com", name: "Irene Approver" },
  editor: { email: "editor@example.com", name: "Eva Editor" },
  admin: { email: "admin@example.com", name: "Ada Admin" },
};

const roleAccountList: Account[] = Object.entries(roleAccounts).map(([role, own]) => ({
  ...own,
  role: role as Role,
  password: PASSWORD,
}));

/**
 * A data folder holding a migrated database with the role accounts, made once per run (four
 * user:create runs take seconds each) in the output folder, which Playwright empties when a run
 * starts; each worker's server starts on a copy. The first worker to get here makes it, the
 * others wait for it.
 */
async function roleAccountsFolder(outputDir: string): Promise<string> {
  const folder = path.join(outputDir, ".app-role-accounts");
  mkdirSync(outputDir, { recursive: true });
  let maker = true;
  try {
    mkdirSync(`${folder}.lock`);
  } catch {
    maker = false;
  }
  if (maker) {
    const making = `${folder}.making`;
    rmSync(making, { recursive: true, force: true });
    for (const account of roleAccountList) {
      await createAccount({ ...account, database: { dataDir: making } });
    }
    // Whole or not at all: the others wait for this name.
    renameSync(making, folder);
  }
  for (const deadline = Date.now() + 150_000; !existsSync(folder);) {
    if (Date.now() > deadline) throw new Error(`no role accounts in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return folder;
}

/** Workers' servers listen on E2E_PORT + 40 + the worker's slot (fewer than 30 at a time). */
const PORT_OFFSET = 40;
const MAX_WORKERS = 30;

export async function appFixture(
  { serverEnv }: { serverEnv: Record<string, string> },
  use: (app: AppServer) => Promise<void>,
  workerInfo: WorkerInfo,
) {
  if (workerInfo.parallelIndex >= MAX_WORKERS) {
    throw new Error(`at most ${MAX_WORKERS} workers: their servers' ports are E2E_PORT + 40…`);
  }
  const port = Number(process.env.E2E_PORT ?? 3210) + PORT_OFFSET + workerInfo.parallelIndex;
  // A slot's port is reused by the next worker in it: the log is named after the worker.
  const logName = `app-${workerInfo.workerIndex}.log`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "mare-e2e-"));
  const accounts = new Map<string, Account>();
  const makeAccounts = async (wanted: Account[]) => {
    for (const account of wanted) {
      await createAccount({ ...account, database: { dataDir } });
      accounts.set(account.email, account);
    }
  };
  const mail = await startSmtp();
  try {
    // Before the server holds the database; most specs need no other account.
    cpSync(await roleAccountsFolder(workerInfo.project.outputDir), dataDir, { recursive: true });
    for (const account of roleAccountList) accounts.set(account.email, account);
    const server = await ownServer(
      port,
      {
        DATA_DIR: dataDir,
        SMTP_URL: mail.url,
        // As the shared server: behind a proxy on this machine, whose X-Forwarded-For it believes.
        TRUST_PROXY: "loopback",
        ...serverEnv,
      },
      logName,
    );
    const origin = server.origin;
    let freshOnes = 0;
    let addresses = 0;
    // One change of accounts at a time (each stops and starts the server).
    let queue: Promise<unknown> = Promise.resolve();

    function account(role: Role, options: AccountOptions = {}): Promise<Account> {
      const email = (
        options.email ??
        (options.fresh ? `${role}.${++freshOnes}@fresh.example.com` : roleAccounts[role].email)
      ).toLowerCase();
      const next = queue.then(async () => {
        const existing = accounts.get(email);
        if (existing?.role === role) return existing;
        if (existing) throw new Error(`${email} is a ${existing.role}`);
        // A restart and a user:create run: more than a test's usual time on a busy machine.
        const info = test.info();
        if (info.timeout) info.setTimeout(info.timeout + 45_000);
        await server.stop();
        try {
          // user:create names an account after its address.
          await makeAccounts([{ email, role, password: PASSWORD, name: email.split("@")[0]! }]);
        } finally {
          await server.start();
        }
        return accounts.get(email)!;
      });
      queue = next.catch(() => undefined);
      return next;
    }

    async function signIn(
      target: Page | BrowserContext | APIRequestContext,
      role: Role,
      options: SignInOptions = {},
    ) {
      const signedIn = await account(role, options);
      const client =
        "goto" in target ? target.context().request : "newPage" in target ? target.request : target;
      addresses++;
      const response = await client.post(`${origin}/login`, {
        form: { email: signedIn.email, password: signedIn.password },
        headers: {
          origin,
          "x-forwarded-for": `10.99.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
        },
        maxRedirects: 0,
      });
      const label = `sign-in of ${signedIn.email}`;
      expect(response.status(), label).toBe(302);
      expect(response.headers().location, label).toBe(homeOf[role]);
      if ("goto" in target) {
        await target.goto(`${origin}${homeOf[role]}?lang=${options.lang ?? "en"}`);
        await waitForHydration(target);
      }
      return signedIn;
    }

    try {
      await use({ origin, port, log: path.join(logsDir, logName), mail, account, signIn });
    } finally {
      await server.stop();
    }
  } finally {
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
