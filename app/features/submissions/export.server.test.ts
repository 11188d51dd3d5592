import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { openTestDatabase } from "#app/test/databases.ts";
import { accessLog, submissions } from "#app/db/schema.server.ts";
import { insertApplicationRows } from "#app/test/factories.ts";
import { exportSubmissions } from "./export.server.ts";
import { paced } from "#app/test/pace.ts";

describe("the export of a list", () => {
  let database: DatabaseHandle;
  const marker = `export-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // More rows than one batch, so the stream pages through them.
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      fullName: i === 0 ? 'Lúcia, "Lu" Souza' : `Pessoa ${i}`,
      email: `p${i}.${marker}@example.com`,
      status: (i % 3 === 0 ? "Aprovado" : "Pendente") as "Aprovado" | "Pendente",
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await insertApplicationRows(database.db, rows.slice(i, i + 500));
    }
  }, paced(60_000));
  afterAll(async () => {
    await database.db.delete(submissions).where(like(submissions.email, `%.${marker}@%`));
    await database.close();
  });

  it("streams every row of the filter once, with a header, and records the export", async () => {
    const stream = await exportSubmissions(
      database.db,
      { status: "Aprovado" },
      { id: `admin-${marker}`, ip: "203.0.113.9" },
    );
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark
    const text = new TextDecoder().decode(bytes);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(
      /^"id";"created_at \(Brasília time\)";"status";"rejection_reason";"source";/,
    );
    expect(lines).toHaveLength(1 + 700);
    expect(new Set(lines.slice(1).map((line) => line.split(";")[0])).size).toBe(700);
    expect(lines.slice(1).every((line) => line.includes(';"Aprovado";'))).toBe(true);
    expect(text).toContain('"Lúcia, ""Lu"" Souza"');
    const [entry] = await database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.actorId, `admin-${marker}`));
    expect(entry).toMatchObject({
      action: "submissions.export",
      details: { status: "Aprovado", search: null },
      ip: "203.0.113.9",
    });
  });
});
