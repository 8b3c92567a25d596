/**
 * The one bundle budget: the JavaScript a browser loads first (the scripts the served HTML lists)
 * stays under 150 KB gzip and holds no wallet code, for the browsing pages (`/`, `/chapters/:id`:
 * exactly the entry, root and route modules and their imports) and the proof pages (`/proofs`,
 * `/verify`: no viem either, the QR encoder loaded on demand). The pages are served without a
 * database (they answer 503): which scripts a page loads depends only on the matched routes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "../../scripts/lib/free-port.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";
import { get } from "../setup/html.js";

const BUDGET = 150 * 1024;
/**
 * Wallet code: Account Kit, whatever its path says is the wallet's (app/wallet/, what signs, and
 * app/components/wallet/, its buttons), and every lazily loaded `.client` component (the roles'
 * forms, app/components/roles/). The one exception is the lazy registry: a page renders the
 * wallet's pieces through it, so it is in every page's first JavaScript, and it holds dynamic
 * imports only (any module it imported statically would be in the page's inputs and caught here).
 */
const LAZY_REGISTRY = "app/components/wallet/lazy.tsx";
const isWalletCode = (input: string) => input !== LAZY_REGISTRY && /account-kit|wallet|^app\/components\/.*\.client\.tsx?$/i.test(input);

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

type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, { module: string; imports?: string[] }> };

/** The scripts in the served HTML: modulepreload links and the inline module script's imports. */
async function initialScripts(path: string) {
  const { body } = await get(app.url, path);
  const preloaded = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const inline = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(body)![1]!;
  const imported = [...inline.matchAll(/(?:from |import\(|import )"([^"]+\.js)"/g)].map((m) => m[1]!);
  // The route manifest is a static module of the build (remix.config.js: no lazy route discovery).
  const manifestScript = [...preloaded, ...imported].find((script) => /^\/build\/manifest-\w+\.js$/.test(script))!;
  const manifestSource = readFileSync(join(app.dir, "public", manifestScript), "utf8");
  const manifest = JSON.parse(/^window\.__remixManifest=(\{[\s\S]*\});?\s*$/.exec(manifestSource)![1]!) as Manifest;
  return { scripts: [...new Set([...preloaded, ...imported])].sort(), manifest, manifestScript };
}

describe.each([
  ["/", "routes/_index"],
  ["/chapters/1", "routes/chapters.$chapterId"],
])("initial JavaScript of %s", (path, routeId) => {
  it(`is entry + root + ${routeId} with their imports, under 150 KB gzip`, async () => {
    const { scripts, manifest, manifestScript } = await initialScripts(path);
    const modules = [manifest.entry, manifest.routes.root!, manifest.routes[routeId]!].flatMap((m) => [m.module, ...(m.imports ?? [])]);
    expect(scripts).toEqual([...new Set([...modules, manifestScript])].sort());

    let gzipped = 0;
    for (const script of scripts) {
      const response = await fetch(`${app.url}${script}`);
      expect([script, response.status]).toEqual([script, 200]);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(readFileSync(join(app.dir, "public", script)))).toBe(true);
      gzipped += gzipSync(bytes).length;
    }
    console.info(`${path}: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeGreaterThan(10 * 1024); // React and Remix are in there: the measurement is real
    expect(gzipped).toBeLessThan(BUDGET);
  });

  it("contains no wallet code", async () => {
    const { scripts, manifestScript } = await initialScripts(path);
    for (const script of scripts) {
      expect(readFileSync(join(app.dir, "public", script), "utf8")).not.toMatch(/@account-kit|account-kit\//);
      // The route manifest is Remix's, not esbuild's: it names route modules, and holds no code.
      if (script === manifestScript) continue;
      const output = metafile.outputs[`public${script}`];
      expect(output, script).toBeDefined();
      expect(Object.keys(output!.inputs).filter(isWalletCode), script).toEqual([]);
    }
  });
});

describe.each(["/proofs", "/verify"])("initial JavaScript of %s", (path) => {
  it("is under 150 KB gzip, without wallet code, viem or the QR encoder", async () => {
    const { status } = await get(app.url, path);
    expect([path, status]).toEqual([path, 200]);
    const { scripts } = await initialScripts(path);
    expect(scripts.some((script) => script.includes(path === "/proofs" ? "routes/proofs-" : "routes/verify-"))).toBe(true);
    let gzipped = 0;
    for (const script of scripts) {
      const bytes = readFileSync(join(app.dir, "public", script));
      gzipped += gzipSync(bytes).length;
      const inputs = Object.keys(metafile.outputs[`public${script}`]?.inputs ?? {});
      expect([script, inputs.filter((input) => isWalletCode(input) || /node_modules\/viem\/|qrcode-generator/.test(input))]).toEqual([script, []]);
    }
    console.info(`${path}: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeLessThan(BUDGET);
  });
});

it("/proofs loads the QR encoder by a dynamic import", () => {
  const route = Object.keys(metafile.outputs).find((output) => output.startsWith("public/build/routes/proofs-"))!;
  // From the route's chunk or a chunk it shares with other pages (the QR code is on /me too).
  const chunks = [route, ...metafile.outputs[route]!.imports.filter((i) => i.kind === "import-statement").map((i) => i.path)];
  const dynamic = chunks.flatMap((chunk) => (metafile.outputs[chunk]?.imports ?? []).filter((i) => i.kind === "dynamic-import").map((i) => i.path));
  expect(dynamic.some((output) => Object.keys(metafile.outputs[output]!.inputs).some((input) => input.includes("qrcode-generator")))).toBe(true);
});

it("each language's messages are a chunk of their own that the entry imports before hydrating: a page loads its own language only, and stays under 150 KB with the largest", async () => {
  const { scripts, manifest } = await initialScripts("/chapters/1");
  const localeChunks = Object.entries(metafile.outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => /^app\/locales\/\w+\/index\.ts$/.test(input)))
    .map(([path]) => path);
  expect(localeChunks).toHaveLength(3);
  // None of them is in the initial scripts: the browser asks for its page's language alone.
  for (const script of scripts) expect(localeChunks).not.toContain(`public${script}`);
  const entry = metafile.outputs[`public${manifest.entry.module}`]!;
  expect(entry.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path)).toEqual(expect.arrayContaining(localeChunks));
  let gzipped = 0;
  for (const script of scripts) gzipped += gzipSync(readFileSync(join(app.dir, "public", script))).length;
  const largest = Math.max(...localeChunks.map((chunk) => gzipSync(readFileSync(join(app.dir, chunk))).length));
  console.info(`/chapters/1 with its language: ${((gzipped + largest) / 1024).toFixed(1)} KB gzip (messages ${(largest / 1024).toFixed(1)} KB)`);
  expect(gzipped + largest).toBeLessThan(BUDGET);
});
