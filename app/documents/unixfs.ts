/**
 * Documents as IPFS files (UnixFS), without an IPFS node: the CID Kubo's `ipfs add` gives for some
 * bytes, and the bytes of a CID read back from blocks that anyone may have served. The contract
 * keeps only the sha2-256 digest of the root, so a file is trusted block by block: every block is
 * hashed against the CID it was asked for before a single field of it is read.
 */
import * as dagPb from "@ipld/dag-pb";
import { UnixFS } from "ipfs-unixfs";
import { importBytes, type ImporterOptions } from "ipfs-unixfs-importer";
import { equals } from "multiformats/bytes";
import { CID } from "multiformats/cid";
import * as raw from "multiformats/codecs/raw";
import { sha256 } from "multiformats/hashes/sha2";

/**
 * Kubo's defaults for `ipfs add` (IPIP-499's "unixfs-v0-2015": CIDv0, dag-pb leaves, 256 KiB
 * chunks, balanced DAG of 174 links). Named rather than left to the importer's defaults, which
 * are free to move to the newer profile. A fresh object each time: the importer writes into it.
 */
const kuboAddOptions = (): ImporterOptions => ({ profile: "unixfs-v0-2015", reduceSingleLeafToSelf: true });

export type Block = { cid: string; bytes: Uint8Array };

/** The root CID and every distinct block of `bytes` imported as Kubo would, leaves first, root last. */
export async function blocksOfBytes(bytes: Uint8Array): Promise<{ cid: string; blocks: Block[] }> {
  const blocks = new Map<string, Block>();
  const sink = {
    put: (cid: CID, block: Uint8Array) => {
      blocks.set(cid.toString(), { cid: cid.toString(), bytes: block });
      return cid;
    },
  };
  const { cid } = await importBytes(bytes, sink, kuboAddOptions());
  return { cid: cid.toString(), blocks: [...blocks.values()] };
}

/** The CIDv0 ("Qm…") Kubo's `ipfs add` with default settings gives for `bytes`. */
export async function cidOfBytes(bytes: Uint8Array): Promise<string> {
  const { cid } = await importBytes(bytes, { put: (cid: CID) => cid }, kuboAddOptions());
  return cid.toString();
}

export type IpfsContentReason = "mismatch" | "tooLarge" | "notAFile" | "unsupportedCid" | "malformed";

const REASON_TEXTS: Record<IpfsContentReason, (values: Record<string, string>) => string> = {
  mismatch: (v) => `block ${v.cid} does not hash to its CID`,
  tooLarge: (v) => (v.blocks ? `the DAG has more than ${v.max} blocks` : `the file's ${v.size} bytes are over the limit of ${v.max}`),
  notAFile: (v) => `${v.cid} is a ${v.type}, not a file`,
  unsupportedCid: (v) => `unsupported CID ${v.cid}${v.why ? ` (${v.why})` : ""}`,
  malformed: (v) => `block ${v.cid} is not a valid UnixFS file block${v.why ? `: ${v.why}` : ""}`,
};

/** Content that is not a readable file of the wanted size: `reason` and `values` are what a page shows. */
export class IpfsContentError extends Error {
  override name = "IpfsContentError" as const;
  constructor(
    readonly reason: IpfsContentReason,
    readonly values: Record<string, string> = {},
  ) {
    super(REASON_TEXTS[reason](values));
  }
}

export type ReadVerifiedFileOptions = {
  maxBytes: number;
  /**
   * At most this many blocks are fetched. Sizes alone do not bound the work: a DAG may declare
   * empty children by the thousand, or link one subtree many times. The default allows chunks
   * down to 256 bytes, far smaller than any IPFS client makes.
   */
  maxBlocks?: number;
};

/** Sanity bound on nesting: Kubo's 174-link balanced DAG holds 7 GiB two levels below its root. */
const MAX_DEPTH = 16;

/**
 * The file behind `rootCid`, fetched block by block through `getBlock`. A block that does not hash
 * to its CID is an error, never data; the root's declared size is checked against `maxBytes` before
 * any child is fetched, and each child must hold exactly the size its parent declared.
 */
export async function readVerifiedFile(rootCid: string, getBlock: (cid: string) => Promise<Uint8Array>, { maxBytes, maxBlocks = Math.ceil(maxBytes / 256) + 1 }: ReadVerifiedFileOptions): Promise<Uint8Array> {
  const root = supportedCid(rootCid);
  let fetched = 0;
  const fetchBlock = async (cid: CID): Promise<Uint8Array> => {
    if (++fetched > maxBlocks) throw new IpfsContentError("tooLarge", { blocks: String(fetched), max: String(maxBlocks) });
    const bytes = await getBlock(cid.toString());
    const digest = await sha256.digest(bytes);
    if (!equals(digest.digest, cid.multihash.digest)) throw new IpfsContentError("mismatch", { cid: cid.toString() });
    return bytes;
  };

  const parts: Uint8Array[] = [];
  let total = 0;
  const collect = (data: Uint8Array) => {
    total += data.length;
    // Unreachable while every child holds what its parent declared; kept so no path overruns.
    if (total > maxBytes) throw new IpfsContentError("tooLarge", { size: String(total), max: String(maxBytes) });
    if (data.length > 0) parts.push(data);
  };

  /** Appends the content of the node at `cid`, which its parent says holds `expected` bytes (undefined for the root). */
  const walk = async (cid: CID, expected: bigint | undefined, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) throw new IpfsContentError("malformed", { cid: cid.toString(), why: `deeper than ${MAX_DEPTH} levels` });
    const block = await fetchBlock(cid);
    if (cid.code === raw.code) {
      if (expected === undefined && block.length > maxBytes) throw new IpfsContentError("tooLarge", { size: String(block.length), max: String(maxBytes) });
      if (expected !== undefined && BigInt(block.length) !== expected) throw sizeMismatch(cid, expected, BigInt(block.length));
      return collect(block);
    }
    const { node, file } = decodeFileNode(cid, block);
    const size = file.fileSize();
    if (expected === undefined && size > BigInt(maxBytes)) throw new IpfsContentError("tooLarge", { size: String(size), max: String(maxBytes) });
    if (expected !== undefined && size !== expected) throw sizeMismatch(cid, expected, size);
    if (file.data) collect(file.data);
    for (const [index, link] of node.Links.entries()) {
      await walk(supportedCid(link.Hash.toString()), file.blockSizes[index], depth + 1);
    }
  };

  await walk(root, undefined, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** A CID this app can verify: sha2-256 (what the contract's digest is), dag-pb or raw. */
function supportedCid(text: string): CID {
  let cid: CID;
  try {
    cid = CID.parse(text);
  } catch {
    throw new IpfsContentError("unsupportedCid", { cid: text, why: "not a CID" });
  }
  if (cid.multihash.code !== sha256.code || cid.multihash.size !== 32) throw new IpfsContentError("unsupportedCid", { cid: text, why: "not sha2-256" });
  if (cid.code !== dagPb.code && cid.code !== raw.code) throw new IpfsContentError("unsupportedCid", { cid: text, why: `codec 0x${cid.code.toString(16)}` });
  return cid;
}

/** A dag-pb block as a UnixFS file node; anything else is refused. */
function decodeFileNode(cid: CID, block: Uint8Array): { node: dagPb.PBNode; file: UnixFS } {
  let node: dagPb.PBNode;
  let file: UnixFS;
  try {
    node = dagPb.decode(block);
    if (!node.Data) throw new Error("no UnixFS data");
    file = UnixFS.unmarshal(node.Data);
  } catch (error) {
    throw new IpfsContentError("malformed", { cid: cid.toString(), why: error instanceof Error ? error.message : String(error) });
  }
  if (file.type !== "file" && file.type !== "raw") throw new IpfsContentError("notAFile", { cid: cid.toString(), type: file.type });
  if (file.blockSizes.length !== node.Links.length) {
    throw new IpfsContentError("malformed", { cid: cid.toString(), why: `${node.Links.length} links but ${file.blockSizes.length} block sizes` });
  }
  return { node, file };
}

const sizeMismatch = (cid: CID, expected: bigint, actual: bigint) =>
  new IpfsContentError("malformed", { cid: cid.toString(), why: `holds ${actual} bytes where its parent says ${expected}` });
