/**
 * The JavaScript a browser loads first for `/` and `/chapters/:id` (the entry, root and route
 * modules and their imports, as the served HTML lists them) stays under 150 KB gzip, and none of
 * it is wallet code. The pages are served without a database (they answer 503): which scripts a
 * page loads depends only on the matched routes, not on the data.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "../../scripts/lib/free-port.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";
import { get } from "./html.js";

const BUDGET = 150 * 1024;
const WALLET = /account-kit|wallet/i;

let app: AppServer;
let metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> };

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
  const inline = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(body)![1]!;
  const imported = [...inline.matchAll(/(?:from |import\()"([^"]+\.js)"/g)].map((m) => m[1]!);
  const manifest = JSON.parse(/window\.__remixManifest = (\{[\s\S]*?\});\n/.exec(inline)![1]!) as Manifest;
  return { scripts: [...new Set([...preloaded, ...imported])].sort(), manifest };
}

describe.each([
  ["/", "routes/_index"],
  ["/chapters/1", "routes/chapters.$chapterId"],
])("initial JavaScript of %s", (path, routeId) => {
  it(`is entry + root + ${routeId} with their imports, under 150 KB gzip`, async () => {
    const { scripts, manifest } = await initialScripts(path);
    const modules = [manifest.entry, manifest.routes.root!, manifest.routes[routeId]!].flatMap((m) => [m.module, ...(m.imports ?? [])]);
    expect(scripts).toEqual([...new Set(modules)].sort());

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
    const { scripts } = await initialScripts(path);
    for (const script of scripts) {
      const output = metafile.outputs[`public${script}`];
      expect(output, script).toBeDefined();
      expect(
        Object.keys(output!.inputs).filter((input) => WALLET.test(input)),
        script
      ).toEqual([]);
      expect(readFileSync(join(app.dir, "public", script), "utf8")).not.toMatch(/@account-kit|account-kit\//);
    }
  });
});
