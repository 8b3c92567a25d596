/**
 * A local IPFS node holding synthetic documents, as its own process (./ipfs-child.ts), for the
 * benches whose document fetcher reads a backlog from it:
 *
 *   const ipfs = startDocumentsIpfs([{ kind: "info", first: 1, count: 10_000 }]);
 *   const url = await ipfs.ready();   // its gateway (and Kubo RPC) URL, once every document is on it
 *   …  await ipfs.stop();
 */
import { join } from "node:path";
import type { DocumentKind } from "../../../app/documents/document.js";
import { ROOT } from "../../lib/paths.js";
import { startScriptProcess, type ScriptProcess } from "../../lib/script-process.js";

/** Synthetic documents of `kind` with ids `first`..`first + count - 1`. */
export type DocumentRange = { kind: DocumentKind; first: number; count: number };

export const READY_LINE = (count: number, url: string) => `ipfs: ${count} documents at ${url}`;
const READY = /ipfs: (\d+) documents at (\S+)/;

/** The ranges from BENCH_IPFS_DOCUMENTS' JSON; throws on anything else. */
export function parseDocumentRanges(json: string): DocumentRange[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`BENCH_IPFS_DOCUMENTS: not JSON: "${json.slice(0, 80)}"`);
  }
  const ranges = Array.isArray(value) ? value : [];
  const valid = (r: unknown): r is DocumentRange => {
    const { kind, first, count } = (r ?? {}) as Partial<DocumentRange>;
    return (kind === "evaluation" || kind === "info") && Number.isSafeInteger(first) && first! >= 1 && Number.isSafeInteger(count) && count! >= 0;
  };
  if (!Array.isArray(value) || !ranges.every(valid)) throw new Error(`BENCH_IPFS_DOCUMENTS: expected [{ kind: "evaluation" | "info", first >= 1, count >= 0 }, ...], got ${json.slice(0, 200)}`);
  return ranges;
}

export type DocumentsIpfs = { process: ScriptProcess["process"]; ready(timeoutMs?: number): Promise<string>; stop(): Promise<void> };

export function startDocumentsIpfs(ranges: DocumentRange[]): DocumentsIpfs {
  const child = startScriptProcess({
    entry: join(ROOT, "scripts", "bench", "documents", "ipfs-child.ts"),
    ready: READY,
    env: { BENCH_IPFS_DOCUMENTS: JSON.stringify(ranges) },
  });
  return {
    process: child.process,
    async ready(timeoutMs = 180_000) {
      await child.ready(timeoutMs);
      return READY.exec(child.output())![2]!;
    },
    stop: child.stop,
  };
}
