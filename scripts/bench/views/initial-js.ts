import { gzipSync } from "node:zlib";

/** Script, modulepreload and inline `import` URLs of a page, fetched and gzipped. */
export async function initialJs(base: string, path: string): Promise<{ bytes: number; gzip: number; files: number }> {
  const html = await (await fetch(`${base}${path}`)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1]!.matchAll(/import\s*(?:[^"'()]*?from\s*)?\(?\s*["']([^"']+\.js)["']/g)) urls.add(i[1]!);
  }
  let bytes = 0;
  let gzip = 0;
  for (const u of urls) {
    const response = await fetch(new URL(u, base));
    if (!response.ok) throw new Error(`${u}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    bytes += body.length;
    gzip += gzipSync(body).length;
  }
  return { bytes, gzip, files: urls.size };
}
