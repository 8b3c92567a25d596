import { Link, useSearchParams } from "@remix-run/react";
import { shortAddress } from "../utils/format";

export function AddressLink({ address }: { address: string | null | undefined }) {
  if (!address) return <span className="muted">–</span>;
  return (
    <Link to={`/members/${address}`} className="address" title={address}>
      {shortAddress(address)}
    </Link>
  );
}

export function ChapterLink({ id, label }: { id: string | null | undefined; label?: string | null }) {
  if (!id) return <span className="muted">–</span>;
  return <Link to={`/chapters/${id}`}>{label ?? `Chapter ${id}`}</Link>;
}

/**
 * "Next page" link carrying the cursor; rendered only when there is a next page. Keeps the current
 * query (page size, filters), so the next page is the same list continued.
 */
export function NextPage({ param, cursor, extra }: { param: string; cursor: string | null; extra?: Record<string, string> }) {
  const [current] = useSearchParams();
  if (!cursor) return null;
  const search = new URLSearchParams(current);
  for (const [key, value] of Object.entries({ ...extra, [param]: cursor })) search.set(key, value);
  // The canonical order (app/utils/canonical-url.server.ts): the link lands on the page, not a redirect.
  search.sort();
  return (
    <p className="pager">
      <Link to={`?${search}`} rel="next">
        Next page →
      </Link>
    </p>
  );
}
