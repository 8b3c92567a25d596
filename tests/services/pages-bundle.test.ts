/**
 * /proofs and /verify stay light: the JavaScript a browser loads first for them (the scripts the
 * served HTML lists) is under 150 KB gzip, holds no wallet code and no viem (the proof module is
 * viem-free at run time), and the QR encoder is only loaded on demand.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "../../scripts/lib/free-port.js";
import { get } from "../app/html.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";

const BUDGET = 150 * 1024;

let app: AppServer;
let metafile: { outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }> };

beforeAll(async () => {
  const dead = `http://127.0.0.1:${await freePort()}`;
  app = await startAppServer({
    env: { DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`, INDEXER_URL: dead, CHAIN_RPC_URL: dead },
  });
  metafile = JSON.parse(readFileSync(join(app.dir, "build", "metafile.js.json"), "utf8"));
});
afterAll(() => app?.stop());

async function initialScripts(path: string): Promise<string[]> {
  const { status, body } = await get(app.url, path);
  expect([path, status]).toEqual([path, 200]);
  const preloaded = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const inline = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(body)![1]!;
  const imported = [...inline.matchAll(/(?:from |import\()"([^"]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set([...preloaded, ...imported])].sort();
}

describe.each(["/proofs", "/verify"])("initial JavaScript of %s", (path) => {
  it("is under 150 KB gzip, without wallet code, viem or the QR encoder", async () => {
    const scripts = await initialScripts(path);
    expect(scripts.some((script) => script.includes(path === "/proofs" ? "routes/proofs-" : "routes/verify-"))).toBe(true);
    let gzipped = 0;
    for (const script of scripts) {
      const bytes = readFileSync(join(app.dir, "public", script));
      gzipped += gzipSync(bytes).length;
      const inputs = Object.keys(metafile.outputs[`public${script}`]?.inputs ?? {});
      expect([script, inputs.filter((input) => /account-kit|wallet|node_modules\/viem\/|qrcode-generator/.test(input))]).toEqual([script, []]);
    }
    console.info(`${path}: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeLessThan(BUDGET);
  });
});

it("/proofs loads the QR encoder by a dynamic import", () => {
  const route = Object.keys(metafile.outputs).find((output) => output.startsWith("public/build/routes/proofs-"))!;
  const dynamic = metafile.outputs[route]!.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path);
  expect(dynamic.some((output) => Object.keys(metafile.outputs[output]!.inputs).some((input) => input.includes("qrcode-generator")))).toBe(true);
});
