import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { createAccount } from "../e2e/accounts.ts";
import { expect, languages, t, test } from "../e2e/fixtures.ts";
import { ownServer, type OwnServer } from "../e2e/own-server.ts";

/**
 * The attack (issue 24): an editor's session sends eight big pictures at once, each a few hundred
 * kilobytes on the wire and tens of megapixels once decoded, while visitors read the site. Before,
 * every upload was decoded and re-encoded at the same time on libuv's four threads: the home page
 * and an article took seconds to answer for as long as the uploads ran, and the server's memory
 * grew by hundreds of megabytes. Now image work runs one upload at a time with a short queue; the
 * rest are refused at once with 503, Retry-After and a message the editor reads in her language,
 * the pages stay fast and the memory stays bounded.
 */

const PASSWORD = "capas-uma-de-cada-vez-2026";
const EDITOR = "flood.editor@example.com";
const ARTICLE = "/blog/security-and-anonymity?lang=en";
/** Uploads sent at once: more than the queue holds (one at work, four waiting). */
const UPLOADS = 8;
/** Each upload: allowed (under the pixel cap), far over any cover. */
const MEGAPIXELS = 35;

interface Timing {
  path: string;
  ms: number;
  status: number;
}

/** The server's memory in MB: resident now, and the peak since the last reset. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One page, read to its last byte, timed. */
async function timed(origin: string, pathname: string, cookie?: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${origin}${pathname}`, {
    headers: { "accept-encoding": "br, gzip", ...(cookie ? { cookie } : {}) },
  });
  await response.arrayBuffer();
  return { path: pathname, ms: performance.now() - started, status: response.status };
}

/**
 * The home page and an article as a visitor reads them (stored pages), and a page rendered for a
 * signed-in reader (the editor's list of articles), one after the other, for as long as `busy()`
 * says.
 */
async function visitPages(origin: string, cookie: string, busy: () => boolean, atLeast = 0) {
  const timings: Timing[] = [];
  while (busy() || timings.length < atLeast) {
    timings.push(await timed(origin, "/?lang=en"));
    timings.push(await timed(origin, ARTICLE));
    timings.push(await timed(origin, "/admin/blog?lang=en", cookie));
  }
  return timings;
}

const summary = (timings: Timing[]) => {
  const ms = timings.map((timing) => timing.ms);
  return { count: ms.length, median: Math.round(median(ms)), max: Math.round(Math.max(...ms)) };
};
const describe = (timings: Timing[]) => {
  const of = (pathname: string) => summary(timings.filter((timing) => timing.path === pathname));
  return ["/?lang=en", ARTICLE, "/admin/blog?lang=en"]
    .map((pathname) => {
      const { median, max, count } = of(pathname);
      return `${pathname.split("?")[0]} median ${median} ms max ${max} ms (${count})`;
    })
    .join(", ");
};

test.describe("a flood of big pictures from an editor", () => {
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let server: OwnServer;
  let editor: APIRequestContext;
  let picture: Buffer;
  let cookie: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "mare-images-"));
    await createAccount({
      email: EDITOR,
      role: "editor",
      password: PASSWORD,
      database: { dataDir },
    });
    server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 85, { DATA_DIR: dataDir });
    editor = await playwrightRequest.newContext({ baseURL: server.origin });
    const signIn = await editor.post("/login", {
      form: { email: EDITOR, password: PASSWORD },
      headers: { origin: server.origin },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    expect(signIn.headers().location).toBe("/admin/blog");
    cookie = (await editor.storageState()).cookies
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
    // 35 megapixels in one colour: a few hundred kilobytes to send, 100 MB once decoded.
    const width = Math.round(Math.sqrt((MEGAPIXELS * 1e6 * 4) / 3));
    picture = await sharp({
      create: { width, height: Math.round((width * 3) / 4), channels: 3, background: "#2a7f9e" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(picture.length).toBeLessThan(1024 * 1024);
  });
  test.afterAll(async () => {
    await editor?.dispose();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("eight uploads at once: the pages stay fast, the queue refuses the rest in her language, memory stays bounded", async () => {
    test.setTimeout(180_000);
    const pid = server.pid!;
    // Warm: the pages stored, sharp loaded, one upload through (its memory is the baseline).
    const warm = await editor.post("/admin/images.data", {
      multipart: { image: { name: "warm.png", mimeType: "image/png", buffer: picture } },
      headers: { origin: server.origin },
    });
    expect(warm.status()).toBe(200);
    const quiet = await visitPages(server.origin, cookie, () => false, 60);

    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    const before = memory(pid).rss;
    let pending = UPLOADS;
    const started = performance.now();
    const uploads = Array.from({ length: UPLOADS }, async (_, i) => {
      const answer = await editor.post("/admin/images.data", {
        multipart: { image: { name: `cover-${i}.png`, mimeType: "image/png", buffer: picture } },
        headers: { origin: server.origin },
        timeout: 170_000,
      });
      pending--;
      return {
        status: answer.status(),
        retryAfter: answer.headers()["retry-after"],
        body: await answer.text(),
      };
    });
    const pages = await visitPages(server.origin, cookie, () => pending > 0);
    const answers = await Promise.all(uploads);
    const seconds = (performance.now() - started) / 1000;
    const growth = Math.round(memory(pid).peak - before);
    const report =
      `quiet: ${describe(quiet)}; during ${UPLOADS} uploads of ${MEGAPIXELS} MP ` +
      `(${seconds.toFixed(1)} s): ${describe(pages)}; ` +
      `peak memory +${growth} MB over ${Math.round(before)} MB; ` +
      `answers ${answers.map((answer) => answer.status).join(" ")}`;
    console.log(report);
    test.info().annotations.push({ type: "measured", description: report });

    expect(pages.every((page) => page.status === 200)).toBe(true);
    expect(await fetch(`${server.origin}/healthz`).then((r) => r.status)).toBe(200);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    for (const lang of languages) expect(t(lang, "admin.images.errors.busy")).not.toBe("");
  });
});
