import { existsSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type WorkerInfo,
} from "@playwright/test";
import {
  accountsDataDir,
  namedAccount,
  roleAccounts,
  type Account,
  type Role,
} from "./accounts.ts";
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

export type { Account, Role };

/** Where each role lands after signing in (product.md section 2). */
export const homeOf: Record<Role, string> = {
  model: "/dashboard/model",
  affiliate: "/portal",
  approver: "/admin/dashboard",
  editor: "/admin/blog",
  admin: "/admin/dashboard",
};

export interface AccountOptions {
  /** A named account of her own at this address (accounts.ts) instead of the role's. */
  email?: string;
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
   * A verified account of the role: the role's own, shared by the worker's specs, unless the
   * options ask for a named one of her own (accounts.ts). Both were made before any server
   * started (global-setup.ts).
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
  /**
   * Moves the server's clock this many seconds on (from where it is now), for what happens
   * days later: a call's hour come, a hold period passed. Only with `movableClock` (below).
   */
  moveClock(seconds: number): void;
}

export interface ServerWorkerFixtures {
  /** Environment of the worker's server, over the defaults below; set with `test.use`. */
  serverEnv: Record<string, string>;
  /**
   * A server whose wall clock the spec moves (`app.moveClock`): the real server, started under
   * libfaketime (Debian's `faketime`), which reads the offset from a file at every clock read.
   * Its timers keep the real pace (the monotonic clock is left alone). The database is the
   * embedded one, in the same process, so its now() moves with it.
   */
  movableClock: boolean;
  app: AppServer;
}

/** Where Debian's faketime package puts the library (the multi-threaded one: Node has threads). */
const libfaketime = ["x86_64-linux-gnu", "aarch64-linux-gnu"]
  .map((triplet) => `/usr/lib/${triplet}/faketime/libfaketimeMT.so.1`)
  .find((file) => existsSync(file));

/** Workers' servers listen on E2E_PORT + 40 + the worker's slot (fewer than 30 at a time). */
const PORT_OFFSET = 40;
const MAX_WORKERS = 30;

export async function appFixture(
  { serverEnv, movableClock }: { serverEnv: Record<string, string>; movableClock: boolean },
  use: (app: AppServer) => Promise<void>,
  workerInfo: WorkerInfo,
) {
  if (workerInfo.parallelIndex >= MAX_WORKERS) {
    throw new Error(`at most ${MAX_WORKERS} workers: their servers' ports are E2E_PORT + 40…`);
  }
  const port = Number(process.env.E2E_PORT ?? 3210) + PORT_OFFSET + workerInfo.parallelIndex;
  // A slot's port is reused by the next worker in it: the log is named after the worker.
  const logName = `app-${workerInfo.workerIndex}.log`;
  // Every named account is there already: the server is never stopped for one.
  const dataDir = accountsDataDir();
  const mail = await startSmtp();
  const clockFile = movableClock
    ? path.join(os.tmpdir(), `mare-clock-${process.pid}-${workerInfo.workerIndex}`)
    : null;
  let clockOffset = 0;
  const clockEnv: Record<string, string> = {};
  if (clockFile) {
    if (!libfaketime) throw new Error("movableClock needs Debian's faketime package");
    writeFileSync(clockFile, "+0\n");
    Object.assign(clockEnv, {
      LD_PRELOAD: libfaketime,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_NO_CACHE: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    });
  }
  try {
    const server = await ownServer(
      port,
      {
        DATA_DIR: dataDir,
        SMTP_URL: mail.url,
        // As the shared server: behind a proxy on this machine, whose X-Forwarded-For it believes.
        TRUST_PROXY: "loopback",
        ...clockEnv,
        ...serverEnv,
      },
      logName,
    );
    const origin = server.origin;
    let addresses = 0;

    function account(role: Role, options: AccountOptions = {}): Promise<Account> {
      const named = options.email ? namedAccount(options.email) : roleAccounts[role];
      if (named.role !== role)
        return Promise.reject(new Error(`${named.email} is a ${named.role}`));
      return Promise.resolve(named);
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
      const moveClock = (seconds: number) => {
        if (!clockFile) throw new Error("moveClock needs test.use({ movableClock: true })");
        clockOffset += Math.round(seconds);
        writeFileSync(clockFile, `${clockOffset >= 0 ? "+" : ""}${clockOffset}\n`);
      };
      await use({
        origin,
        port,
        log: path.join(logsDir, logName),
        mail,
        account,
        signIn,
        moveClock,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (clockFile) rmSync(clockFile, { force: true });
  }
}
