import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIcons, namesPath, spritePath } from "../../../../scripts/build-icons.ts";
import { iconNames } from "./names.ts";

const appDir = path.resolve(import.meta.dirname, "../../..");

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("icon sprite", () => {
  it("is up to date with scripts/build-icons.ts (run `npm run icons` when this fails)", async () => {
    const { sprite, names } = await buildIcons();
    expect(await readFile(spritePath, "utf8")).toBe(sprite);
    expect(await readFile(namesPath, "utf8")).toBe(names);
  });

  it("has one symbol with a viewBox per name", async () => {
    const sprite = await readFile(spritePath, "utf8");
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="[\d. ]+"/g)].map(
      (match) => match[1],
    );
    expect(symbols).toEqual([...iconNames]);
    expect(sprite.match(/<symbol\b/g)).toHaveLength(iconNames.length);
  });

  it("has every icon that app/ names literally (<Icon name=…>)", async () => {
    const known = new Set<string>(iconNames);
    const used = new Set<string>();
    for (const file of await sourceFiles(appDir)) {
      const source = await readFile(file, "utf8");
      for (const match of source.matchAll(/<Icon\b[^>]*?\bname="([^"]*)"/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
  });
});
