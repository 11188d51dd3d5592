import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, csvStream, type CsvColumn } from "./csv.server.ts";
import { keysetRows } from "./keyset.ts";

describe("a CSV cell", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvCell("Ana")).toBe("Ana");
    expect(csvCell('Ana "Bia", Souza')).toBe('"Ana ""Bia"", Souza"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+5548999999999")).toBe("'+5548999999999");
    expect(csvCell("@ana")).toBe("'@ana");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
  });
});

type Row = { id: number; cursorCreatedAt: string; name: string };
const columns: CsvColumn<Row>[] = [
  ["id", (row) => row.id],
  ["name", (row) => row.name],
];
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    cursorCreatedAt: `2026-01-01 00:00:${String(i % 60).padStart(2, "0")}+00`,
    name: i === 0 ? 'Lúcia, "Lu"' : `Pessoa ${i + 1}`,
  }));

async function* from<T>(items: T[]) {
  yield* items;
}

describe("a streamed CSV file", () => {
  it("starts with a byte-order mark and the header, even without rows", async () => {
    const bytes = new Uint8Array(await new Response(csvStream(columns, from([]))).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe("id,name\r\n");
  });

  it("writes every row once, in order, in chunks of bounded size", async () => {
    const reader = csvStream(columns, from(rows(20_000))).getReader();
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(decoder.decode(read.value));
    }
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(70 * 1024);
    const lines = chunks.join("").trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,name");
    expect(lines[1]).toBe('1,"Lúcia, ""Lu"""');
    expect(lines).toHaveLength(20_001);
    expect(lines.at(-1)).toBe("20000,Pessoa 20000");
  });

  it("asks the source for no more than the client has taken, and stops it when cancelled", async () => {
    const asked: (number | undefined)[] = [];
    const all = rows(5000);
    const source = keysetRows(async (before, limit) => {
      asked.push(before?.id);
      const start = before ? all.findIndex((row) => row.id === before.id) + 1 : 0;
      return all.slice(start, start + limit);
    }, 1000);
    const reader = csvStream(columns, source).getReader();
    await reader.read(); // the header
    expect(asked).toEqual([]);
    await reader.read();
    expect(asked.length).toBeLessThan(5);
    await reader.cancel();
    expect(await source.next()).toEqual({ done: true, value: undefined });
  });

  it("is sent as a download that is never cached", async () => {
    const request = new Request("http://localhost/x.csv", {
      headers: { "accept-encoding": "identity" },
    });
    const response = csvResponse(request, csvStream(columns, from(rows(2))), "list-2026-03-01.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="list-2026-03-01.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe('id,name\r\n1,"Lúcia, ""Lu"""\r\n2,Pessoa 2\r\n');
  });
});
