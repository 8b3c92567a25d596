/**
 * No source file a newcomer must read whole to change one thing: every one of app/, server/, db/,
 * indexer/, scripts/ and tests/ stays under MAX_LINES lines. Translations (app/locales/) and what
 * tools generate (indexer/generated/, abis/) are data, not code to read, and not counted; neither
 * are data files such as the demo documents' Markdown. A file that grows past the limit is split
 * by idea, not squeezed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const MAX_LINES = 300;
const ROOT = new URL("..", import.meta.url).pathname;
const TREES = ["app", "server", "db", "indexer", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sql)$/;
/** Not read as code: translations, generated files, and what tools keep beside the sources. */
const SKIPPED = new Set(["app/locales", "indexer/generated", "indexer/.ponder", "node_modules"]);

function sourceFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (SKIPPED.has(path) || entry.name === "node_modules") return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && SOURCE.test(entry.name) ? [path] : [];
  });
}

const lineCount = (path: string) => readFileSync(join(ROOT, path), "utf8").trimEnd().split("\n").length;

describe("source files", () => {
  it(`are each at most ${MAX_LINES} lines`, () => {
    const files = TREES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const long = files.map((path) => ({ path, lines: lineCount(path) })).filter(({ lines }) => lines > MAX_LINES);
    expect(long.map(({ path, lines }) => `${path}: ${lines} lines`)).toEqual([]);
  });
});
