/**
 * Fetching pages from the app server and reading the server-rendered HTML: React's output is
 * regular enough for a few regular expressions, and the tests stay free of a DOM library.
 */

export type Page = {
  status: number;
  headers: Headers;
  body: string;
  /** The <main> element's inner HTML (the page content without the header). */
  main: string;
};

export async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${base}${path}`, { redirect: "manual", headers });
  const body = await response.text();
  const main = /<main>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? "";
  return { status: response.status, headers: response.headers, body, main };
}

/**
 * Like `get`, but another spelling of a page (a 301 to its one URL: app/utils/canonical-url.server.ts)
 * is followed once, so the page is what comes back.
 */
export async function getCanonical(base: string, path: string): Promise<Page> {
  const first = await get(base, path);
  const location = first.status === 301 ? first.headers.get("location") : null;
  return location?.startsWith("/") ? get(base, location) : first;
}

export function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The text of an HTML fragment, whitespace collapsed. */
export function text(html: string): string {
  return decode(html.replace(/<!-- -->/g, "").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** The first <h1>'s text. */
export const h1 = (page: Page) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.main)?.[1] ?? "");

/** From the <h2> whose text starts with `heading` up to the next <h2> (or the end of <main>). */
export function section(page: Page, heading: string): string {
  const parts = page.main.split(/(?=<h2)/);
  const found = parts.find((part) => text(/<h2>([\s\S]*?)<\/h2>/.exec(part)?.[1] ?? "").startsWith(heading));
  if (found === undefined) throw new Error(`no section "${heading}" on the page`);
  return found;
}

/** Body rows of every table in `html`, each row as its cells' texts. */
export function tableRows(html: string): string[][] {
  const bodies = [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].map((m) => m[1]!);
  return bodies.flatMap((body) =>
    [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => text(cell[1]!))
    )
  );
}

/** Every href in `html` starting with `prefix`, in order. */
export function hrefs(html: string, prefix: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!)).filter((href) => href.startsWith(prefix));
}

/** Member addresses linked in `html`, in order (lower case, as the read model stores them). */
export const memberLinks = (html: string) => hrefs(html, "/members/").map((href) => href.slice("/members/".length));

/** The "Next page" link's query (the page's own query carried on, plus the cursor), or null. */
export function nextPage(page: Page): URLSearchParams | null {
  const link = /<a [^>]*rel="next"[^>]*>/.exec(page.main)?.[0];
  const href = link && /href="([^"]*)"/.exec(link)?.[1];
  return href ? new URL(decode(href), "http://app.test").searchParams : null;
}

/** The error boundary's status and message, or null on a page without an error. */
export function errorOf(page: Page): { status: number; title: string; message: string } | null {
  const match = /<section class="error" data-status="(\d+)"><h1>([\s\S]*?)<\/h1><p>([\s\S]*?)<\/p>/.exec(page.main);
  return match ? { status: Number(match[1]), title: text(match[2]!), message: text(match[3]!) } : null;
}

/** The status bar: indexed block and seconds behind the chain head, or null when not shown as live. */
export function indexerStatus(page: Page): { block: number; secondsBehind: number } | null {
  const bar = /<p class="indexer-status" data-state="live">([\s\S]*?)<\/p>/.exec(page.body)?.[1];
  const match = bar && /Indexed block (\d+) · (\d+) s behind the chain head/.exec(text(bar));
  return match ? { block: Number(match[1]), secondsBehind: Number(match[2]) } : null;
}

/** Whether `body` shows anything like a stack trace or a server-side path. */
export function leaksInternals(body: string): boolean {
  return /\n\s+at [^\n]*:\d+:\d+|node_modules\/|\.server\.ts|file:\/\/|\bstack\b/i.test(body) || body.includes(process.cwd());
}

/** The <dl class="facts"> of a page as { term: definition text }. */
export function facts(page: Page): Record<string, string> {
  const dl = /<dl class="facts[^"]*">([\s\S]*?)<\/dl>/.exec(page.main)?.[1] ?? "";
  return Object.fromEntries([...dl.matchAll(/<dt>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => [text(m[1]!), text(m[2]!)]));
}

/** `0x1234…abcd`, as the pages abbreviate addresses. */
export const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
