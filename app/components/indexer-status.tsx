import type { IndexerState } from "../models/indexer-status.server";

/** Indexed block, seconds behind the chain head, and progress while backfilling. */
export function IndexerStatusBar({ state }: { state: IndexerState | undefined }) {
  if (!state?.known) {
    return (
      <p className="indexer-status" data-state="unknown">
        Indexer: status unknown
      </p>
    );
  }
  if (!state.ready) {
    const percent = Math.floor((state.progress ?? 0) * 100);
    return (
      <p className="indexer-status" data-state="backfilling">
        Indexer: backfilling, {percent}% (block {state.indexedBlock ?? "–"} of {state.headBlock ?? "–"})
        <progress max={100} value={percent} />
      </p>
    );
  }
  return (
    <p className="indexer-status" data-state="live">
      Indexed block {state.indexedBlock} · {state.secondsBehind ?? "–"} s behind the chain head
    </p>
  );
}
