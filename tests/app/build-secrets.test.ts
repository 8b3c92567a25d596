/**
 * The provider key and the Telegram bot token stay out of every build output: `remix build` run
 * with ALCHEMY_API_KEY, ALCHEMY_RPC_URL and TELEGRAM_BOT_TOKEN set leaves none of their values (nor
 * the variables' names, in the browser build) in build/ or public/build/. Built in a private copy
 * of the sources, so the shared build/ that the app tests serve is not touched. (The notifier's
 * own output is checked in tests/server/notifier/notifier-process.test.ts.)
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../scripts/lib/paths.js";

const KEY = "buildTimeSecretKey_1a2b3c4d5e6f7a8b";
const RPC_URL = `https://polygon-mainnet.g.alchemy.com/v2/${KEY}`;
const BOT_TOKEN = "5550001234:AAbuildTimeSecretBotToken_0a9b8c7d6e";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "party-build-secrets-"));
  for (const source of ["app", "abis", "db", "remix.config.js", "package.json", "tsconfig.json", "remix.env.d.ts"]) {
    cpSync(join(ROOT, source), join(dir, source), { recursive: true });
  }
  mkdirSync(join(dir, "indexer"));
  cpSync(join(ROOT, "indexer", "ponder.schema.ts"), join(dir, "indexer", "ponder.schema.ts"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const result = spawnSync(process.execPath, [join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PARTY_ENV: "production", ALCHEMY_API_KEY: KEY, ALCHEMY_RPC_URL: RPC_URL, TELEGRAM_BOT_TOKEN: BOT_TOKEN },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`remix build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}, 180_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("the server and browser builds contain the proxy route but not the key or the bot token", () => {
  const server = filesUnder(join(dir, "build"));
  const browser = filesUnder(join(dir, "public", "build"));
  expect(existsSync(join(dir, "build", "index.js"))).toBe(true);
  expect(browser.some((file) => /routes\/api\.alchemy-rpc-/.test(file))).toBe(true);
  expect(readFileSync(join(dir, "build", "index.js"), "utf8")).toContain("rpc-proxy: ");

  for (const file of [...server, ...browser]) {
    const text = readFileSync(file, "utf8");
    expect([file, text.includes(KEY), text.includes(BOT_TOKEN)]).toEqual([file, false, false]);
  }
  for (const file of browser) {
    const text = readFileSync(file, "utf8");
    expect([file, /ALCHEMY_API_KEY|ALCHEMY_RPC_URL|TELEGRAM_BOT_TOKEN|rpc-proxy: /.test(text)]).toEqual([file, false]);
  }
});
