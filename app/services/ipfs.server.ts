/**
 * The one gateway to IPFS. Documents are stored through the Kubo RPC API of the node the party runs
 * (the local Helia node in dev and tests, scripts/lib/ipfs-node.ts) and read back through trustless
 * gateways, block by block: a gateway is never trusted, every block is checked against its CID
 * (app/documents/unixfs.ts), so any public gateway may serve the reads.
 */
import { cidOfBytes, IpfsContentError, readVerifiedFile } from "../documents/unixfs";

export type PinBytesOptions = { apiUrl: string; authorization?: string; timeoutMs: number };

/** The node could not be asked, or its answer could not be read. `detail` is for logs; it never holds the credentials. */
export class IpfsUnavailableError extends Error {
  override name = "IpfsUnavailableError" as const;
  constructor(readonly detail: string) {
    super(`IPFS node unavailable: ${detail}`);
  }
}

/** The node stored the bytes under another CID than Kubo's defaults give: its settings differ, and the CID on chain would not be these bytes'. */
export class IpfsMismatchError extends Error {
  override name = "IpfsMismatchError" as const;
  constructor(
    readonly expected: string,
    readonly answered: string,
  ) {
    super(`IPFS node answered ${answered} where ${expected} was expected`);
  }
}

/** Adds and pins `bytes` on the node; its CIDv0, checked against the one computed here. */
export async function pinBytes(bytes: Uint8Array, { apiUrl, authorization, timeoutMs }: PinBytesOptions): Promise<string> {
  const expected = await cidOfBytes(bytes);
  const form = new FormData();
  // A copy: Blob takes only ArrayBuffer-backed views, and `bytes` may sit on any buffer.
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), "document.json");
  // Kubo's defaults spelled out: a node configured otherwise (Import.CidVersion, raw leaves) must still answer the CID the contract holds.
  const url = `${apiUrl.replace(/\/+$/, "")}/api/v0/add?cid-version=0&raw-leaves=false&pin=true&chunker=size-262144&quieter=true`;
  let answer: string;
  try {
    const response = await fetch(url, { method: "POST", body: form, headers: authorization ? { authorization } : {}, signal: AbortSignal.timeout(timeoutMs) });
    answer = await response.text();
    if (!response.ok) throw new IpfsUnavailableError(`status ${response.status}${kuboMessage(answer)}`);
  } catch (error) {
    if (error instanceof IpfsUnavailableError) throw error;
    throw new IpfsUnavailableError(isTimeout(error) ? `no answer within ${timeoutMs} ms` : networkDetail(error));
  }
  // One JSON object per line (progress or one per file): the last one names the root.
  const lines = answer.trim().split("\n");
  let hash: unknown;
  try {
    hash = (JSON.parse(lines[lines.length - 1]!) as { Hash?: unknown }).Hash;
  } catch {
    hash = undefined;
  }
  if (typeof hash !== "string") throw new IpfsUnavailableError(`unreadable answer: ${answer.slice(0, 80)}`);
  if (hash !== expected) throw new IpfsMismatchError(expected, hash);
  return hash;
}

export type FetchVerifiedOptions = { gateways: string[]; timeoutMs: number; maxBytes: number };

export type GatewayFailureReason = "timeout" | "unreachable" | "status" | "mismatch" | "tooLarge" | "malformed";
export type GatewayFailure = { gateway: string; reason: GatewayFailureReason; detail?: string };

/** No gateway gave the verified file; `failures` says why, gateway by gateway. */
export class IpfsFetchError extends Error {
  override name = "IpfsFetchError" as const;
  constructor(
    readonly cid: string,
    readonly failures: GatewayFailure[],
  ) {
    super(`no gateway gave ${cid}: ${failures.map((f) => `${f.gateway} ${f.reason}${f.detail ? ` (${f.detail})` : ""}`).join("; ") || "no gateways"}`);
  }
}

/** No IPFS block is larger (bitswap's limit, which Kubo keeps): more is not a block, and is not read to the end. */
export const MAX_BLOCK_BYTES = 2 * 1024 * 1024;

/** What one gateway did wrong for one block; the next gateway is tried. */
class GatewayError extends Error {
  constructor(
    readonly reason: GatewayFailureReason,
    readonly detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/**
 * The file behind `cid`, from the first gateway that serves all its blocks intact. A gateway that
 * hangs, fails or serves other bytes is left for the next; a file that is too large or not a file
 * is refused at once.
 */
export async function fetchVerified(cid: string, { gateways, timeoutMs, maxBytes }: FetchVerifiedOptions): Promise<Uint8Array> {
  const failures: GatewayFailure[] = [];
  for (const gateway of gateways) {
    const base = gateway.replace(/\/+$/, "");
    try {
      return await readVerifiedFile(cid, (blockCid) => fetchBlock(base, blockCid, timeoutMs), { maxBytes });
    } catch (error) {
      if (error instanceof GatewayError) failures.push({ gateway, reason: error.reason, ...(error.detail ? { detail: error.detail } : {}) });
      else if (error instanceof IpfsContentError && (error.reason === "mismatch" || error.reason === "malformed")) failures.push({ gateway, reason: error.reason, detail: error.message });
      // Too large, not a file, a CID we cannot check: verified bytes prove it, every gateway would give the same.
      else throw error;
    }
  }
  throw new IpfsFetchError(cid, failures);
}

/** One raw block from one trustless gateway (the IPFS Trustless Gateway spec), read up to MAX_BLOCK_BYTES. */
async function fetchBlock(gateway: string, cid: string, timeoutMs: number): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(`${gateway}/ipfs/${cid}?format=raw`, { headers: { accept: "application/vnd.ipld.raw" }, signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new GatewayError("status", `${response.status} for ${cid}`);
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_BLOCK_BYTES) {
      await response.body?.cancel();
      throw new GatewayError("tooLarge", `${declared} bytes for ${cid}`);
    }
    return await readCapped(response, cid);
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    if (isTimeout(error) || signal.aborted) throw new GatewayError("timeout", `no answer within ${timeoutMs} ms for ${cid}`);
    throw new GatewayError("unreachable", networkDetail(error));
  }
}

async function readCapped(response: Response, cid: string): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > MAX_BLOCK_BYTES) {
      await reader.cancel();
      throw new GatewayError("tooLarge", `more than ${MAX_BLOCK_BYTES} bytes for ${cid}`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const isTimeout = (error: unknown) => error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/** undici hides the reason in `cause` ("fetch failed" alone says nothing). */
function networkDetail(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message.slice(0, 200) : String(cause).slice(0, 200);
}

/** Kubo's error answers are `{"Message": …, "Code": …, "Type": "error"}`. */
function kuboMessage(body: string): string {
  try {
    const message = (JSON.parse(body) as { Message?: unknown }).Message;
    return typeof message === "string" ? `: ${message.slice(0, 200)}` : "";
  } catch {
    return body ? `: ${body.slice(0, 80)}` : "";
  }
}
