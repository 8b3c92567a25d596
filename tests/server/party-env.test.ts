/**
 * A production process cannot run as a development one (issue #26, item 7): with NODE_ENV=production
 * and no PARTY_ENV the web server (`npm start`: server/index.ts over the build), the notifier and
 * the document fetcher exit at once with one line saying what to set, and the indexer's deployment
 * refuses too; with PARTY_ENV=production the development routes (/dev/…) are not mounted at all,
 * so they answer the app's 404 page for every method and none of their code runs.
 */
import { spawn } from "node:child_process";
import { inject } from "vitest";
import { PARTY_ENV_REQUIRED, partyDeployment } from "../../abis/deployments.js";
import { SERVER_ENTRY } from "../../scripts/lib/app-server.js";
import { DOCUMENTS_ENTRY } from "../../scripts/lib/documents-process.js";
import { freePort } from "../../scripts/lib/free-port.js";
import { NOTIFIER_ENTRY } from "../../scripts/lib/notifier-process.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";

const SAID = `PARTY_ENV: ${PARTY_ENV_REQUIRED}`;

/** Runs `args` (a script for tsx, or with `node: false` a command) with exactly `env` (plus PATH and HOME) until it exits by itself: its code, output lines and time. */
function run(args: string[], cwd: string, env: Record<string, string>, { node = true } = {}) {
  const started = performance.now();
  return new Promise<{ code: number | null; lines: string[]; ms: number }>((resolve, reject) => {
    const [command, ...rest] = node ? [process.execPath, "--import", "tsx", ...args] : args;
    const child = spawn(command!, rest, {
      cwd,
      // NODE_ENV unset on purpose in some cases, which the app's ProcessEnv type does not allow.
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } as Record<string, string> as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Still running after this long: it started, which is the failure (and it must not be left behind).
    const limit = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(limit);
      resolve({ code, lines: output.split("\n").filter(Boolean), ms: performance.now() - started });
    });
  });
}

describe("NODE_ENV=production without PARTY_ENV", () => {
  const build = () => {
    const made = inject("appBuild");
    if (!made || made.error !== null) throw new Error(`no app build: ${made?.error ?? "tests/setup/build.ts must run as vitest's globalSetup"}`);
    return made.dir;
  };

  it.each([
    ["NODE_ENV=production", { NODE_ENV: "production" }],
    ["NODE_ENV unset (the server's own default is production)", {}],
    ["PARTY_ENV empty", { NODE_ENV: "production", PARTY_ENV: "" }],
  ])("`npm start` (server/index.ts over the build) exits at once with one line: %s", async (_what, env: Record<string, string>) => {
    const port = String(await freePort());
    const { code, lines, ms } = await run([SERVER_ENTRY, "build/index.js"], build(), { ...env, PORT: port, HOST: "127.0.0.1" });
    expect({ code, lines }).toEqual({ code: 1, lines: [`[server] cannot start: Invalid environment: ${SAID}`] });
    // Nothing was waited for: the time is tsx's start-up and the app's imports.
    expect(ms).toBeLessThan(20_000);
  });

  it("`npm start` itself (NODE_ENV unset: the script's default is production) exits at once with one line, before the database is touched", async () => {
    const dead = `postgresql://nobody@127.0.0.1:${await freePort()}/none`;
    const { code, lines } = await run(["npm", "start", "--silent"], ROOT, { DATABASE_URL: dead }, { node: false });
    expect({ code, lines }).toEqual({ code: 1, lines: [`[server] cannot start: Invalid environment: ${SAID}`] });
  });

  it.each([
    ["notifier", NOTIFIER_ENTRY, "notifier"],
    ["document fetcher", DOCUMENTS_ENTRY, "documents"],
  ])("the %s exits at once with one line", async (_what, entry, prefix) => {
    const { code, lines } = await run([entry], ROOT, { NODE_ENV: "production", DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none` });
    expect({ code, lines }).toEqual({ code: 1, lines: [`${prefix}: Invalid environment: ${SAID}`] });
  });

  it("the indexer's deployment (indexer/ponder.config.ts) is refused; an explicit one is read", () => {
    expect(() => partyDeployment({ NODE_ENV: "production" })).toThrow(`PARTY_ENV ${PARTY_ENV_REQUIRED}`);
    expect(() => partyDeployment({ NODE_ENV: "production", PARTY_ENV: "" })).toThrow(`PARTY_ENV ${PARTY_ENV_REQUIRED}`);
    expect(partyDeployment({ NODE_ENV: "production", PARTY_ENV: "local" }).environment).toBe("local");
    expect(partyDeployment({ NODE_ENV: "development" }).environment).toBe("local");
  });
});

describe("PARTY_ENV=production", () => {
  let app: AppServer;
  beforeAll(async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startAppServer({
      env: {
        PARTY_ENV: "production",
        DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`,
        INDEXER_URL: dead,
        CHAIN_RPC_URL: dead,
        // A real-looking token: the stand-in would sign with it, were it mounted.
        TELEGRAM_BOT_TOKEN: "123456:production-token",
      },
    });
  });
  afterAll(() => app?.stop());

  it.each([
    ["GET", "/dev/roles", undefined],
    ["POST", "/dev/roles", "role=member"],
    ["GET", "/dev/telegram-login", undefined],
    ["POST", "/dev/telegram-login", JSON.stringify({ username: "someone" })],
    ["GET", "/dev", undefined],
  ])("%s %s is the app's 404 page: the development routes are not mounted", async (method, path, body) => {
    const headers = body?.startsWith("{") ? { "content-type": "application/json" } : body ? { "content-type": "application/x-www-form-urlencoded" } : undefined;
    const answer = await fetch(`${app.url}${path}`, { method, headers, body, redirect: "manual" });
    const text = await answer.text();
    expect([answer.status, answer.headers.get("content-type")]).toEqual([404, expect.stringMatching(/^text\/html/)]);
    expect(text).toContain("404");
    // Not the route's own refusal, nor anything it would have signed.
    expect(text).not.toContain("Telegram stand-in");
    expect(text).not.toContain("auth_date");
  });
});
