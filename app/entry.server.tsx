/**
 * Remix's Node entry, answering with the whole page at once, plus the Content
 * Security Policy nonce: the web server (server/index.ts) makes one per request, hands it over in
 * the load context, and sends it in the CSP header (server/security-headers.ts); every inline
 * script the page carries (Remix's context and module loader, ScrollRestoration, React's and
 * single fetch's streamed scripts) gets it here. Without one (`remix dev`), scripts have none and
 * the dev server sends no CSP.
 */
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { languageOf } from "./i18n/i18n.server";
import { i18nFor } from "./i18n/instance";
import { PageStylesContext } from "./components/page-styles";
import { NonceContext } from "./utils/nonce";
import { pageStylesText } from "./utils/page-styles.server";
import { surrogateKey } from "./utils/page-tags";

const ABORT_DELAY = 5_000;

/** React's write buffer (VIEW_SIZE in react-dom/server's Node build). */
const REACT_VIEW_BYTES = 2048;

/**
 * A chunk of the document without React 18's padding: when a character's UTF-8 bytes do not fit
 * at the end of its 2 KB buffer, renderToPipeableStream sends the whole buffer, the 1 to 3 bytes it
 * left empty included, as zero bytes (facebook/react#31134; React 19 sends only what it wrote).
 * Text never holds a zero byte, so only those are cut.
 */
function withoutPadding(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_BYTES || chunk[REACT_VIEW_BYTES - 1] !== 0) return chunk;
  let end = REACT_VIEW_BYTES - 1;
  while (end > REACT_VIEW_BYTES - 3 && chunk[end - 1] === 0) end -= 1;
  return chunk.subarray(0, end);
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The request's socket address (server/index.ts); the client for rate limits is read from it (app/utils/post-guard.server.ts). */
    socketAddress?: string;
    /** This response's CSP nonce (server/index.ts). */
    cspNonce?: string;
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
  // Everyone gets the whole document at once (React's onAllReady, as Remix's default gives bots):
  // no loader defers data, so streaming only split the page around single fetch's hydration data
  // (a Suspense boundary per chunk, completed by an inline $RC script), and the web server's page
  // cache reads every page whole anyway. One flush costs a page-cache miss ~8% less CPU
  // (docs/decisions/0009), and the page carries one inline script less.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const chunks: Buffer[] = [];
      const body = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(withoutPadding(chunk));
          done();
        },
        final(done) {
          clearTimeout(timer);
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          done();
        },
      });
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PageStylesContext.Provider value={pageStylesText()}>
          <I18nextProvider i18n={i18nFor(language)}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nextProvider>
        </PageStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady: ready,
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by Remix; these come from inside it.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
