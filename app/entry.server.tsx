/**
 * Remix's default Node entry (streaming; bots get the whole page at once), plus the Content
 * Security Policy nonce: the web server (server/index.ts) makes one per request, hands it over in
 * the load context, and sends it in the CSP header (server/security-headers.ts); every inline
 * script the page carries (Remix's context and module loader, ScrollRestoration, React's and
 * single fetch's streamed scripts) gets it here. Without one (`remix dev`), scripts have none and
 * the dev server sends no CSP.
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./utils/nonce";
import { surrogateKey } from "./utils/page-tags";

const ABORT_DELAY = 5_000;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The request's socket address (server/index.ts); the client for rate limits is read from it (app/utils/post-guard.server.ts). */
    socketAddress?: string;
    /** This response's CSP nonce (server/index.ts). */
    cspNonce?: string;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // What the page shows, for the web server's page cache (app/utils/page-tags.ts); it never leaves the server.
  const tags = surrogateKey(remixContext);
  if (tags) responseHeaders.set("Surrogate-Key", tags);
  // Bots and the SPA shell get the whole document at once; browsers get it as it streams.
  const whole = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(whole ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by Remix; these come from inside it.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
