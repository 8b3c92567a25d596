/**
 * Remix's Node entry: the whole page rendered at once, as one string, plus the Content Security
 * Policy nonce: the web server (server/index.ts) makes one per request, hands it over in
 * the load context, and sends it in the CSP header (server/security-headers.ts); every inline
 * script the page carries (Remix's context and module loader, ScrollRestoration, single fetch's
 * data) gets it here. Without one (`remix dev`), scripts have none and the dev server sends no CSP.
 */
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { languageOf } from "./i18n/i18n.server";
import { i18nFor } from "./i18n/instance";
import { PageStylesContext } from "./components/page-styles";
import { NonceContext } from "./utils/nonce";
import { pageStylesText } from "./utils/page-styles.server";
import { surrogateKey } from "./utils/page-tags";

/**
 * Reads single fetch's hydration data (the loaders' data, turbo-stream encoded) whole before the
 * render, and hands it to Remix's <StreamTransfer> as one chunk it has already read: the render
 * then never waits, so the synchronous renderToString can take the whole document. <RemixServer>
 * still takes a reader of the handoff stream, so it gets an empty one.
 */
async function readHandoffData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const decoder = new TextDecoder();
  let value = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) value += decoder.decode(chunk, { stream: true });
  value += decoder.decode();
  const read = Object.assign(Promise.resolve(), { result: { done: true, value } });
  (context.renderMeta ??= {}).streamCache = { 0: read };
  context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The request's socket address (server/index.ts); the client for rate limits is read from it (app/utils/post-guard.server.ts). */
    socketAddress?: string;
    /** This response's CSP nonce (server/index.ts). */
    cspNonce?: string;
    /**
     * The viewer a page is rendered for, as the web server has it (server/viewer-pages.ts): for a
     * render shared by every viewer of one kind, that kind's facts with a placeholder address (the
     * request then carries no session); for a viewer's own page, its own, read once for its
     * session. Present, `getViewer` returns it instead of reading the session again.
     */
    viewer?: import("./utils/viewer").Viewer;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // The page's language (cookie, Accept-Language, English): root.tsx writes it into <html lang dir>.
  const language = await languageOf(request);
  responseHeaders.set("Content-Language", language);
  // What the page shows, for the web server's page cache (app/utils/page-tags.ts); it never leaves the server.
  const tags = surrogateKey(remixContext);
  if (tags) responseHeaders.set("Surrogate-Key", tags);
  // Everyone gets the whole document at once (as Remix's default gives bots): no loader defers
  // data, and the web server's page cache keeps every page whole anyway. With the data read first
  // nothing suspends, and React's string renderer concatenates the pieces where its stream renderer
  // copies each into a 2 KB buffer: a page-cache miss costs ~20% less CPU (docs/decisions/0009).
  // A component that suspends on the server would render its fallback, which hydration then
  // replaces; no page has one (tests/app/routes/languages.test.ts checks every page's markup).
  await readHandoffData(remixContext);
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <PageStylesContext.Provider value={pageStylesText()}>
        <I18nextProvider i18n={i18nFor(language)}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </PageStylesContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html");
  // The stream renderer wrote the doctype before <html> itself; the string renderer does not. The
  // body goes as bytes: a string body is first scanned for lone surrogates (undici's USVString).
  const body = Buffer.from(`<!DOCTYPE html>${html}`) as Uint8Array<ArrayBuffer>;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
