import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser and operations specs that start servers of their own each take a port at a fixed
 * offset from E2E_PORT (the workers' servers take +40 to +69). Two files with one offset fail
 * at random, whenever CI happens to run them at the same time ("port … is taken"): each offset
 * belongs to one file.
 */
const offsetPattern = /(?:E2E_PORT \?\? 3210\)|\boffset|\bbasePort) \+ (\d+)/g;
const WORKERS = { from: 40, to: 69 };

function specFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return specFiles(file);
    return /\.(spec|test)?\.?ts$/.test(entry.name) ? [file] : [];
  });
}

describe("the ports of the specs' own servers", () => {
  it("are each one file's, and clear of the workers' servers", () => {
    const owners = new Map<number, Set<string>>();
    for (const file of specFiles("tests")) {
      for (const match of readFileSync(file, "utf8").matchAll(offsetPattern)) {
        const offset = Number(match[1]);
        owners.set(offset, (owners.get(offset) ?? new Set()).add(file));
      }
    }
    expect(owners.size).toBeGreaterThan(10);
    const shared = [...owners].filter(([, files]) => files.size > 1);
    expect(shared.map(([offset, files]) => `+${offset}: ${[...files].join(", ")}`)).toEqual([]);
    const inWorkers = [...owners.keys()].filter((o) => o >= WORKERS.from && o <= WORKERS.to);
    expect(inWorkers).toEqual([]);
  });
});
