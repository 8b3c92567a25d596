/**
 * bench:documents' second part: from an evaluation's mint to the moment its page shows its document,
 * on the local stack (tests/setup/stack.ts with `documents: true`: anvil with 1 s blocks, the
 * indexer, the local IPFS node, the document fetcher as its own process, the production app server).
 *
 * Each evaluation, one after another after a random 0–1 s pause (a mint falls anywhere in a block):
 *
 *   added      its document (scripts/lib/synthetic-documents.ts) added to the IPFS node, as the
 *              client that mints would before it sends the transaction
 *   mined      mintEvaluation(chapter, sha2-256, 32, digest) by the evaluation minter; the receipt
 *              (polled every 20 ms) is the start, and its block's timestamp a second one
 *   indexed    GET /evaluations/:id answers 200 (the page exists, its document still waiting)
 *   readable   the page's HTML holds the document's title, polled every 50 ms
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseEventLogs, type PrivateKeyAccount } from "viem";
import { partyAbi } from "../../../abis/party.js";
import type { Stack } from "../../../tests/setup/stack.js";
import type { SyntheticDocumentFile } from "../../lib/synthetic-documents.js";
import { pageShows } from "./page-text.js";

const POLL_MS = 50;
const TIMEOUT_MS = 60_000;

export type MintMeasurement = {
  evaluationId: bigint;
  block: bigint;
  /** From the receipt to the first 200 of the page, and to the title on it. */
  indexedMs: number;
  readableMs: number;
  /** From the block's timestamp (whole seconds) to the title on the page. */
  readableFromBlockMs: number;
};

export async function mintToReadable({
  stack,
  appUrl,
  minter,
  chapterId,
  file,
}: {
  stack: Stack;
  appUrl: string;
  minter: PrivateKeyAccount;
  chapterId: bigint;
  file: SyntheticDocumentFile;
}): Promise<MintMeasurement> {
  const cid = await stack.ipfs.add(file.bytes);
  if (cid !== file.cid) throw new Error(`the IPFS node stored the document as ${cid}, not ${file.cid}`);
  const receipt = await stack.send(minter, "mintEvaluation", [chapterId, 0x12, 32, file.digest]);
  const mined = performance.now();
  const minedWall = Date.now();
  const [minted] = parseEventLogs({ abi: partyAbi, logs: receipt.logs, eventName: "EvaluationMinted" });
  if (!minted) throw new Error(`transaction ${receipt.transactionHash} emitted no EvaluationMinted`);
  const evaluationId = minted.args.evaluationId;
  const block = await stack.publicClient.getBlock({ blockNumber: receipt.blockNumber });

  let indexed: number | undefined;
  for (;;) {
    const response = await fetch(`${appUrl}/evaluations/${evaluationId}`);
    const html = await response.text();
    const now = performance.now();
    if (response.status === 200) {
      indexed ??= now;
      if (pageShows(html, file.document.title)) {
        return {
          evaluationId,
          block: receipt.blockNumber,
          indexedMs: indexed - mined,
          readableMs: now - mined,
          readableFromBlockMs: minedWall + (now - mined) - Number(block.timestamp) * 1000,
        };
      }
    } else if (response.status !== 404) {
      throw new Error(`GET /evaluations/${evaluationId} answered ${response.status}: ${html.slice(0, 500)}`);
    }
    if (now - mined > TIMEOUT_MS) {
      const fetches = await stack.query(`select status, attempts, last_error from app.document_fetches where cid = $1`, [file.cid]);
      throw new Error(`evaluation ${evaluationId}: no title on its page ${TIMEOUT_MS} ms after the receipt (status ${response.status}; fetch ${JSON.stringify(fetches)})`);
    }
    await sleep(POLL_MS);
  }
}
