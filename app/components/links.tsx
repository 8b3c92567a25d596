import { Link, useMatches, useNavigate, useSearchParams } from "@remix-run/react";
import { createContext, useContext, useEffect, useMemo, type AnchorHTMLAttributes, type ReactNode } from "react";
import { useI18n } from "../i18n/use-i18n";
import { chapterLabel, shortAddress } from "../ground/format";

/**
 * A link in a list, table or map: a plain anchor that the browser navigates like a Remix `<Link>`
 * (in the page, without a reload) through the one click handler of useRowLinks. Why not `<Link>`:
 * each one resolves its path through the router while the server renders, and a chapter page has
 * a hundred of them; the server's render of an uncached page is what a busy party waits for
 * (docs/decisions/0009). Route modules are found on the click instead of when the link renders.
 */
export function RowLink({ to, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} data-row-link="" {...rest} />;
}

/** In the root: clicks on RowLinks navigate in the page, as `<Link>` would (a modified or middle click opens as usual). */
export function useRowLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[data-row-link]") : null;
      if (!anchor || anchor.getAttribute("target")) return;
      const url = new URL(anchor.getAttribute("href") ?? "", window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

/** Lower-case address → the name the viewer may see (app/models/names.server.ts `Names`). */
type Names = Readonly<Record<string, string>>;
const NamesContext = createContext<Names>({});

/** In the root: the names the matched routes' loaders return (`names`), for every AddressLink on the page. */
export function PageNames({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const names = useMemo(() => Object.assign({}, ...matches.map((m) => (m.data as { names?: Names } | null | undefined)?.names)) as Names, [matches]);
  return <NamesContext.Provider value={names}>{children}</NamesContext.Provider>;
}

/** The name the viewer may see of `address`, or null. */
export const useName = (address: string | null | undefined): string | null => {
  const names = useContext(NamesContext);
  return (address && names[address.toLowerCase()]) || null;
};

/** An account: its name when the viewer may see one, then its short address (a name is never identity). */
export function AddressLink({ address }: { address: string | null | undefined }) {
  const name = useName(address);
  if (!address) return <span className="muted">–</span>;
  if (!name) {
    return (
      <RowLink to={`/members/${address}`} className="address" title={address}>
        {shortAddress(address)}
      </RowLink>
    );
  }
  return (
    <RowLink to={`/members/${address}`} className="account" title={address}>
      <bdi className="name">{name}</bdi> <span className="address">{shortAddress(address)}</span>
    </RowLink>
  );
}

export function ChapterLink({ id, label }: { id: string | null | undefined; label?: string | null }) {
  const { t } = useI18n();
  if (!id) return <span className="muted">–</span>;
  return <RowLink to={`/chapters/${id}`}>{chapterLabel({ id, locationText: label }, t)}</RowLink>;
}

/**
 * "Next page" link carrying the cursor; rendered only when there is a next page. Keeps the current
 * query (page size, filters), so the next page is the same list continued.
 */
export function NextPage({ param, cursor, extra }: { param: string; cursor: string | null; extra?: Record<string, string> }) {
  const [current] = useSearchParams();
  const { t } = useI18n();
  if (!cursor) return null;
  const search = new URLSearchParams(current);
  for (const [key, value] of Object.entries({ ...extra, [param]: cursor })) search.set(key, value);
  // The canonical order (app/utils/canonical-url.server.ts): the link lands on the page, not a redirect.
  search.sort();
  return (
    <p className="pager">
      <Link to={`?${search}`} rel="next">
        {t("links.nextPage")}
      </Link>
    </p>
  );
}
