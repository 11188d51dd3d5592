import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { languages } from "#app/i18n/languages.ts";
import type { UploadResult } from "#app/features/images/images.server.ts";
import { signedInAccount } from "#app/test/accounts.server.ts";
import {
  closeAppDatabase,
  openAppDatabase,
  TEST_ORIGIN,
  TEST_SERVER_SETTINGS,
} from "#app/test/app-database.ts";
import { callRoute } from "#app/test/routes.ts";
import { routeTestTargets } from "#app/test/databases.ts";
import { action } from "./images.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The cover upload as an editor's session sends it (issue 24): a picture small on the wire and
 * huge once decoded is refused from its header, with her language's message and no memory
 * spent on its pixels; more uploads at once than the line holds are told to come back.
 */
const PASSWORD = "capas-uma-de-cada-vez-2026!";

/** This process's memory in MB: resident now, and the peak since the last reset. */
function memory() {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

describe.each(routeTestTargets)("the cover upload under attack on %s", (_name, kind) => {
  let cookie = "";
  const upload = (bytes: Buffer, name = "cover.png") => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
    const request = new Request(`${TEST_ORIGIN}/admin/images.data`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_ORIGIN, cookie },
    });
    return callRoute(action, request);
  };

  beforeAll(async () => {
    await openAppDatabase(kind, TEST_SERVER_SETTINGS);
    const account = await signedInAccount({
      email: `cover.editor.${Date.now()}@example.com`,
      name: "Cover Editor",
      role: "editor",
      password: PASSWORD,
      origin: TEST_ORIGIN,
    });
    cookie = account.cookie;
  });
  afterAll(closeAppDatabase);

  it("a 50-megapixel PNG of a few hundred KB is refused in her language, without its pixels in memory", async () => {
    const fifty = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: "#2a7f9e" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(fifty.length).toBeLessThan(1024 * 1024);
    await upload(fifty); // sharp loaded
    writeFileSync("/proc/self/clear_refs", "5");
    const before = memory().rss;
    const answer = await upload(fifty);
    const growth = memory().peak - before;
    expect(answer.status).toBe(422);
    expect(answer.data).toEqual({ ok: false, error: "admin.images.errors.tooManyPixels" });
    // Decoded, its pixels alone would be 150 MB.
    expect(growth, `peak memory +${growth.toFixed(1)} MB`).toBeLessThan(20);
    for (const { code } of languages) {
      expect(getFixedT(code)("admin.images.errors.tooManyPixels"), code).toMatch(/\b40\b/);
    }
  });

  it(
    "eight big uploads at once: five taken one by one, the rest answered 503 with Retry-After",
    async () => {
      const big = await sharp({
        create: { width: 6_000, height: 4_000, channels: 3, background: "#18908f" },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => upload(big, `${i}.png`)),
      );
      const taken = answers.filter((answer) => answer.status === 200);
      const busy = answers.filter((answer) => answer.status === 503);
      expect(taken).toHaveLength(5);
      expect(busy).toHaveLength(3);
      for (const answer of busy) {
        expect(answer.headers.get("retry-after")).toBe("10");
        expect(answer.data as UploadResult).toEqual({
          ok: false,
          error: "admin.images.errors.busy",
        });
      }
      const english = getFixedT("en")("admin.images.errors.busy");
      for (const { code } of languages.filter(({ code }) => code !== "en")) {
        const text = getFixedT(code)("admin.images.errors.busy");
        expect(text, code).not.toBe(english);
        expect(text, code).not.toBe("admin.images.errors.busy");
      }
    },
    paced(120_000),
  );
});
