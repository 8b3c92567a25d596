import { useEffect, useState } from "react";
import { useI18n } from "../i18n/use-i18n";
import type { IndexerState } from "../services/indexer-status.server";

/** How often an open page asks for the indexer's state (while the tab is visible). */
const REFRESH_MS = 5000;

/**
 * The page's state first (server-rendered, possibly from the page cache and so not of this
 * second), then /api/indexer-status as soon as the page runs and every few seconds: a page left
 * open keeps showing how far the indexer is.
 */
function useLiveIndexerState(initial: IndexerState | undefined) {
  const [live, setLive] = useState<{ state: IndexerState; of: IndexerState | undefined }>();
  useEffect(() => {
    let stopped = false;
    const refresh = () => {
      if (document.visibilityState === "hidden") return;
      fetch("/api/indexer-status")
        .then((r) => (r.ok ? (r.json() as Promise<IndexerState>) : undefined))
        .then((state) => !stopped && state && setLive({ state, of: initial }), () => undefined);
    };
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [initial]);
  // Newer loader data (a navigation) wins over an answer fetched for older data.
  return live && live.of === initial ? live.state : initial;
}

/** Indexed block, seconds behind the chain head, and progress while backfilling. */
export function IndexerStatusBar({ state: initial }: { state: IndexerState | undefined }) {
  const state = useLiveIndexerState(initial);
  const { t } = useI18n();
  if (!state?.known) {
    return (
      <p className="indexer-status" data-state="unknown">
        {t("indexer.unknown")}
      </p>
    );
  }
  if (!state.ready) {
    const percent = Math.floor((state.progress ?? 0) * 100);
    return (
      <p className="indexer-status" data-state="backfilling">
        {t("indexer.backfilling", { percent, block: state.indexedBlock ?? "–", head: state.headBlock ?? "–" })}
        <progress max={100} value={percent} />
      </p>
    );
  }
  return (
    <p className="indexer-status" data-state="live">
      {t("indexer.live", { block: state.indexedBlock, seconds: state.secondsBehind ?? "–" })}
    </p>
  );
}
