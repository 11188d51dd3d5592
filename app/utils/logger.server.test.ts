import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, loggablePath, scrub, serializeError } from "./logger.server.ts";

function capture(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(level, destination), lines };
}

describe("scrub", () => {
  it("keeps the domain of an e-mail address and nothing of its owner", () => {
    expect(scrub("sent to ana.souza+vip@example.com.br")).toBe("sent to •••@example.com.br");
    expect(scrub("JOÃO@Exemplo.com")).toBe("•••@Exemplo.com");
  });

  it("hides documents and phone numbers, grouped or not, but not dates", () => {
    expect(scrub("cpf 123.456.789-09")).toBe("cpf [number]");
    expect(scrub("whatsapp +55 (48) 99999-0000")).toBe("whatsapp [number]");
    expect(scrub("rg 12345678")).toBe("rg [number]");
    expect(scrub("on 2026-11-22")).toBe("on 2026-11-22");
    expect(scrub("took 1234 ms")).toBe("took 1234 ms");
  });

  it("hides tokens but not words, slugs or file names", () => {
    expect(scrub("token Zx8qLw3vTq9bN4mR7sK2aD5f")).toBe("token [token]");
    expect(scrub("/blog/security-and-anonymity-2026")).toBe("/blog/security-and-anonymity-2026");
    expect(scrub("assets/entry.client-BxY7z2_q.js")).toBe("assets/entry.client-BxY7z2_q.js");
  });
});

describe("loggablePath", () => {
  it("drops the query string and hides token segments", () => {
    expect(loggablePath("/admin/cadastros?q=ana.souza%40example.com")).toBe("/admin/cadastros");
    expect(loggablePath("/api/auth/reset-password/q1W2e3R4t5Y6u7I8o9P0aSdF?callbackURL=/x")).toBe(
      "/api/auth/reset-password/[token]",
    );
    expect(loggablePath("/de/blog/security-and-anonymity")).toBe("/de/blog/security-and-anonymity");
  });

  it("hides an address typed into a path", () => {
    expect(loggablePath("/r/ana%40example.com")).toBe("/r/•••@example.com");
  });
});

describe("serializeError", () => {
  it("keeps a failed query's SQL and code, never its parameters or the driver's detail", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email)=(ana@example.com) already exists.",
    });
    const error = new Error(
      'Failed query: insert into "submissions" ("name", "email") values ($1, $2)\nparams: Ana Souza,ana@example.com',
      { cause },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into \\"submissions\\"');
    expect(logged).toContain("23505");
    expect(logged).not.toContain("Ana Souza");
    expect(logged).not.toContain("ana@example.com");
    expect(logged).not.toContain("already exists");
  });
});

describe("createLogger", () => {
  it("writes JSON lines with the level's name and an ISO time, scrubbing fields and message", () => {
    const { log, lines } = capture();
    log.info(
      { event: "mail.sent", to: "bia@example.com", nested: { phone: "+55 48 98888-1111" } },
      "for bia@example.com",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      event: "mail.sent",
      to: "•••@example.com",
      nested: { phone: "[redacted]" },
      msg: "for •••@example.com",
    });
    expect(String(lines[0]!.time)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("redacts keys that name secrets, wherever their value came from", () => {
    const { log, lines } = capture();
    log.warn({ event: "x", password: "hunter2-but-long", body: { token: "abc", document: "1" } });
    expect(lines[0]).toMatchObject({
      password: "[redacted]",
      body: { token: "[redacted]", document: "[redacted]" },
    });
  });

  it("never lets an error's message into the line unscrubbed (pino copies it into msg)", () => {
    const { log, lines } = capture();
    const failed = new Error(
      'Failed query: insert into "submissions" ("name") values ($1)\nparams: Ana Souza',
    );
    log.error({ event: "submission.failed", err: failed });
    log.error(failed);
    for (const line of lines) {
      expect(JSON.stringify(line)).not.toContain("Ana Souza");
      expect(line.msg).toContain("params: [withheld]");
      expect(line.err).toMatchObject({ type: "Error" });
    }
  });

  it("keeps the request id as it is", () => {
    const { log, lines } = capture();
    log.info({ event: "request", reqId: "0f9c2b1e-5d7a-4c3b-9e8f-123456789abc" });
    expect(lines[0]!.reqId).toBe("0f9c2b1e-5d7a-4c3b-9e8f-123456789abc");
  });

  it("logs nothing below its level", () => {
    const { log, lines } = capture("warn");
    log.info({ event: "quiet" });
    log.warn({ event: "loud" });
    expect(lines.map((line) => line.event)).toEqual(["loud"]);
  });
});
