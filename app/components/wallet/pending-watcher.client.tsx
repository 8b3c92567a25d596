/**
 * Follows the pending operations a page shows (from its loader, so also after a reload and for
 * other people's operations) and runs the page's loaders again once one of them has reached the
 * read model or failed, so the page shows the change without a manual reload. Renders nothing.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Hex } from "viem";

export function PendingWatcher({ hashes }: { hashes: readonly string[] }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const watched = useRef(new Map<string, AbortController>());
  const key = [...hashes].sort().join(",");

  useEffect(() => {
    const current = new Set(hashes);
    for (const [hash, abort] of watched.current) {
      if (!current.has(hash)) {
        abort.abort();
        watched.current.delete(hash);
      }
    }
    for (const hash of current) {
      if (watched.current.has(hash)) continue;
      const abort = new AbortController();
      watched.current.set(hash, abort);
      void (async () => {
        const { trackOperation } = await import("../../wallet/track");
        let done = false;
        await trackOperation({
          hash: hash as Hex,
          signal: abort.signal,
          onStatus: (event) => {
            if (done || (event.status !== "indexed" && event.status !== "failed")) return;
            done = true;
            abort.abort();
            revalidate.current();
          },
        }).catch(() => undefined);
      })();
    }
    // Keyed on the set of hashes, not the array's identity (a new array on every render).
  }, [key]);

  useEffect(() => {
    const map = watched.current;
    return () => {
      for (const abort of map.values()) abort.abort();
      map.clear();
    };
  }, []);

  return null;
}
