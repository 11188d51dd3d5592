import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { outcomeOf } from "#app/test/routes.ts";
import { limitKeyOfAddress, MAX_FORM_FIELDS, readBodyAtMost, readForm } from "./request.server.ts";
import { storableText } from "./text.ts";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://127.0.0.1:3999/login", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });

describe("readForm", () => {
  it("reads a form, urlencoded or multipart, repeated fields and all", async () => {
    const form = await readForm(
      post("email=ana%40example.com&tag=a&tag=b", "application/x-www-form-urlencoded"),
    );
    expect(form.get("email")).toBe("ana@example.com");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
    const multipart = new FormData();
    multipart.append("name", "Ana");
    multipart.append("file", new Blob(["x"]), "x.txt");
    const read = await readForm(
      new Request("http://127.0.0.1:3999/", { method: "POST", body: multipart }),
    );
    expect(read.get("name")).toBe("Ana");
    expect(read.get("file")).toBeInstanceOf(File);
  });

  // These threw from request.formData(), and every action answered them with a 500.
  it("answers 415 for a body that is not a form, and 400 for a broken one", async () => {
    for (const [body, type] of [
      ['{"email":"a@b.c"}', "application/json"],
      ["email=a", "text/plain"],
      ["email=a", undefined],
      [null, undefined],
      ["<x/>", "application/xml"],
    ] as const) {
      expect(await outcomeOf(() => readForm(post(body, type))), `${type}`).toMatchObject({
        status: 415,
      });
    }
    for (const [body, type] of [
      ["--zz\r\nbroken", "multipart/form-data; boundary=zz"],
      ["a=b", "multipart/form-data"],
    ] as const) {
      expect(await outcomeOf(() => readForm(post(body, type))), type).toMatchObject({
        status: 400,
      });
    }
  });

  it("answers 413 for a form over 1 MB, whether or not it says its length", async () => {
    const type = "application/x-www-form-urlencoded";
    const limit = 1024 * 1024;
    const atLimit = `a=${"x".repeat(limit - 2)}`;
    expect((await readForm(post(atLimit, type))).get("a")).toHaveLength(limit - 2);
    const over = `${atLimit}x`;
    expect(await outcomeOf(() => readForm(post(over, type)))).toMatchObject({ status: 413 });
    // Refused on its declared length alone, before a byte is read.
    const declared = new Request("http://127.0.0.1:3999/login", {
      method: "POST",
      body: "a=b",
      headers: { "content-type": type, "content-length": String(limit + 1) },
    });
    expect(await outcomeOf(() => readForm(declared))).toMatchObject({ status: 413 });
    expect(declared.bodyUsed).toBe(false);
    // Streamed without a length, as a chunked request arrives, and endless.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(64 * 1024)));
      },
    });
    const chunked = new Request("http://127.0.0.1:3999/login", {
      method: "POST",
      body: stream,
      headers: { "content-type": type },
      duplex: "half",
    } as RequestInit);
    expect(await outcomeOf(() => readForm(chunked))).toMatchObject({ status: 413 });
    // Read to its end so the connection stays usable, but an endless one not for ever.
    expect(sent).toBeLessThan(9 * limit + 4 * 64 * 1024);
  });

  describe("a form with more fields than any of the site's", () => {
    const type = "application/x-www-form-urlencoded";
    /** The body as it arrives from a socket: in chunks of `size` bytes. */
    const streamed = (body: string, size: number, contentType = type) => {
      const bytes = new TextEncoder().encode(body);
      let at = 0;
      return new Request("http://127.0.0.1:3999/login", {
        method: "POST",
        body: new ReadableStream<Uint8Array>({
          pull(controller) {
            if (at >= bytes.length) return controller.close();
            controller.enqueue(bytes.slice(at, (at += size)));
          },
        }),
        headers: { "content-type": contentType },
        duplex: "half",
      } as RequestInit);
    };

    it("reads one at the limit and refuses one over it, urlencoded or multipart, whatever the chunks", async () => {
      const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=`).join("&");
      expect([...(await readForm(streamed(fields(MAX_FORM_FIELDS), 7)))]).toHaveLength(
        MAX_FORM_FIELDS,
      );
      for (const size of [1, 5, 64 * 1024]) {
        expect(
          await outcomeOf(() => readForm(streamed(fields(MAX_FORM_FIELDS + 1), size))),
        ).toMatchObject({ status: 413, data: { message: "validation.tooLarge" } });
      }
      const boundary = "----formboundary7MA4YWxkTrZu0gW";
      const multipart = (n: number) =>
        Array.from(
          { length: n },
          (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n\r\n`,
        ).join("") + `--${boundary}--\r\n`;
      const multipartType = `multipart/form-data; boundary=${boundary}`;
      // Chunks shorter than the boundary split every delimiter: none is missed or counted twice.
      for (const size of [3, 11, 4096]) {
        expect([
          ...(await readForm(streamed(multipart(MAX_FORM_FIELDS), size, multipartType))),
        ]).toHaveLength(MAX_FORM_FIELDS);
        expect(
          await outcomeOf(() =>
            readForm(streamed(multipart(MAX_FORM_FIELDS + 1), size, multipartType)),
          ),
        ).toMatchObject({ status: 413 });
      }
      // A route with a larger form says so.
      expect([...(await readForm(streamed(fields(250), 100), { fields: 250 }))]).toHaveLength(250);
    });

    it("refuses 240,000 empty fields without holding the event loop as parsing them did", async () => {
      const flood = "a&".repeat(240_000);
      const delay = async (read: () => Promise<unknown>) => {
        const histogram = monitorEventLoopDelay({ resolution: 5 });
        histogram.enable();
        // Its first tick only starts the count: a block before it would go unseen.
        await new Promise((resolve) => setTimeout(resolve, 30));
        await read();
        // The timer's last tick shows a block that ended just now.
        await new Promise((resolve) => setTimeout(resolve, 20));
        histogram.disable();
        return histogram.max / 1e6;
      };
      // What happened before: the whole body read, then parsed.
      const parsing = await delay(async () => {
        const bytes = await readBodyAtMost(streamed(flood, 64 * 1024), 1024 * 1024);
        await new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: { "content-type": type },
        }).formData();
      });
      let outcome: unknown;
      const refusing = await delay(async () => {
        outcome = await outcomeOf(() => readForm(streamed(flood, 64 * 1024)));
      });
      expect(outcome).toMatchObject({ status: 413 });
      expect(refusing, `${refusing} ms refusing, ${parsing} ms parsing`).toBeLessThan(parsing / 3);
    });
  });

  it("gives back text the database can store: no NUL, no lone surrogate", async () => {
    const form = await readForm(
      post(
        new URLSearchParams({ "na\u0000me": "Ana\u0000 Souza", note: "a\uD800b\uDFFF" }),
        "application/x-www-form-urlencoded",
      ),
    );
    expect(form.get("name")).toBe("Ana Souza");
    expect(form.get("note")).toBe("a\uFFFDb\uFFFD");
  });
});

describe("storableText", () => {
  it("keeps everything else as it is: emoji, combining marks, RTL and zero-width marks", () => {
    for (const text of ["👩🏽‍💻🇧🇷", "e\u0301", "\u202Eabc\u202C", "a\u200Bb", "ção"]) {
      expect(storableText(text)).toBe(text);
    }
    expect(storableText("\u0000\uDBFF\u0000")).toBe("\uFFFD");
  });
});

describe("limitKeyOfAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    // IPv4-mapped IPv6, as a dual-stack socket reports an IPv4 client, in its spellings.
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    // An IPv6 address counts as its /64, however it is written.
    ["2001:db8:1:2:3:4:5:6", "2001:0db8:0001:0002::/64"],
    ["2001:db8:1:2::6", "2001:0db8:0001:0002::/64"],
    ["2001:0DB8:0001:0002:FFFF:0:0:1", "2001:0db8:0001:0002::/64"],
    ["2001:db8::", "2001:0db8:0000:0000::/64"],
    ["2001:db8::1:2:3:4", "2001:0db8:0000:0000::/64"],
    ["::1", "0000:0000:0000:0000::/64"],
    ["64:ff9b::203.0.113.7", "0064:ff9b:0000:0000::/64"],
    // A zone id names the interface, not the client.
    ["fe80::1%eth0", "fe80:0000:0000:0000::/64"],
    ["FE80::ABCD%25en0", "fe80:0000:0000:0000::/64"],
    // No address at all (no X-Client-IP): kept as it is.
    ["unknown", "unknown"],
  ])("%s → %s", (address, key) => {
    expect(limitKeyOfAddress(address)).toBe(key);
  });

  it("gives every address of one /64 the same key, and the next /64 another", () => {
    const keys = new Set(
      ["2001:db8:aa:bb::1", "2001:db8:aa:bb:ffff:ffff:ffff:ffff", "2001:db8:aa:bb:1234::9"].map(
        limitKeyOfAddress,
      ),
    );
    expect(keys.size).toBe(1);
    expect(limitKeyOfAddress("2001:db8:aa:bc::1")).not.toBe([...keys][0]);
  });
});
