/**
 * The stylesheet written into the page (a <style> in <head>) instead of linked: the first paint
 * waits for no request. A linked stylesheet made a phone's first paint wait for a round trip, by
 * which time the page's modules had arrived too, and Lighthouse then counted every module as
 * render-blocking (issue 17: first contentful paint 1.9–2.6 s on a simulated slow 4G). The cost:
 * each page carries the ~2 KB (gzip) instead of a cached file.
 *
 * The server reads the built file (app/utils/page-styles.server.ts) and hands its text over in
 * PageStylesContext (app/entry.server.tsx); in the browser the document already holds it, and
 * hydration keeps it as it is. Without the text (a build whose file cannot be read) the page links
 * the stylesheet as before.
 */
import { createContext, useContext } from "react";

const ID = "page-styles";

export const PageStylesContext = createContext<string | null>(null);

export function PageStyles({ href }: { href: string }) {
  const fromServer = useContext(PageStylesContext);
  const css = fromServer ?? (typeof document === "undefined" ? null : (document.getElementById(ID)?.textContent ?? null));
  return css === null ? <link rel="stylesheet" href={href} /> : <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
