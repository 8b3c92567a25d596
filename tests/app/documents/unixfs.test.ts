import { createCipheriv, createHash } from "node:crypto";
import * as dagPb from "@ipld/dag-pb";
import { UnixFS } from "ipfs-unixfs";
import { importBytes } from "ipfs-unixfs-importer";
import { CID } from "multiformats/cid";
import { sha256 } from "multiformats/hashes/sha2";
import { blocksOfBytes, cidOfBytes, IpfsContentError, readVerifiedFile, type Block } from "../../../app/documents/unixfs";

const text = (value: string) => new TextEncoder().encode(value);

/**
 * Kubo's test bytes (test/cli/testutils/random_deterministic.go): the ChaCha20 keystream under the
 * key sha256(seed) with a zero nonce. OpenSSL's 16-byte chacha20 IV is the block counter and the nonce, all zero here.
 */
function deterministicBytes(size: number, seed: string): Uint8Array {
  const key = createHash("sha256").update(seed).digest();
  return new Uint8Array(createCipheriv("chacha20", key, Buffer.alloc(16)).update(Buffer.alloc(size)));
}

/** A getBlock over `blocks` that records what was asked for; `replace` serves other bytes for some CIDs. */
function blockSource(blocks: Block[], replace: Record<string, Uint8Array> = {}) {
  const byCid = new Map(blocks.map((block) => [block.cid, block.bytes]));
  const requested: string[] = [];
  const getBlock = async (cid: string) => {
    requested.push(cid);
    const bytes = replace[cid] ?? byCid.get(cid);
    if (!bytes) throw new Error(`no block ${cid}`);
    return bytes;
  };
  return { getBlock, requested };
}

/** Large byte arrays compared by length and digest: vitest's element-wise diff of 600 KiB takes seconds. */
const summary = (bytes: Uint8Array) => ({ length: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });

async function contentError(promise: Promise<unknown>): Promise<IpfsContentError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IpfsContentError);
  return error as IpfsContentError;
}

/** A dag-pb block and its CIDv0, for DAGs the importer would never make. */
async function pbBlock(file: UnixFS, links: dagPb.PBLink[] = []): Promise<Block> {
  const bytes = dagPb.encode(dagPb.prepare({ Data: file.marshal(), Links: links }));
  return { cid: CID.createV0(await sha256.digest(bytes)).toString(), bytes };
}

describe("cidOfBytes: the CID Kubo's `ipfs add` gives", () => {
  // Each expected CID is what Kubo (go-ipfs) printed for these bytes, as published by the IPFS projects.
  it.each([
    // go-ipfs README, "Some things to try": echo "hello world" > hello; ipfs add hello
    ["hello world\\n", text("hello world\n"), "QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o"],
    // kubo test/cli/cid_profiles_test.go, unixfs-v0-2015 (the default profile) SmallFileCID
    ["hello world", text("hello world"), "Qmf412jQZiuVUtdgnB36FXFX7xg5V6KEbSJ4dpQuhkLyfD"],
    // kubo test/sharness/t0040-add-and-cat.sh, "zero length file has correct hash"
    ["the empty file", new Uint8Array(0), "QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH"],
    // kubo test/sharness/t0040-add-and-cat.sh, "ipfs add output looks good"
    ["Hello Worlds!\\n", text("Hello Worlds!\n"), "QmVr26fY1tKyspEJBniVhqxQeEjhF78XerGiqWAwraVLQH"],
  ])("%s", async (_, bytes, expected) => {
    expect(await cidOfBytes(bytes)).toBe(expected);
  });

  // kubo test/cli/cid_profiles_test.go, unixfs-v0-2015: FileAtChunkSizeCID, FileOverChunkSizeCID,
  // FileAtMaxLinksCID and FileOverMaxLinksCID (also ipfs/js-ipfs-unixfs
  // packages/ipfs-unixfs-importer/test/ipip-499-profiles.spec.ts). They pin the chunk size
  // (one block at 256 KiB, two leaves one byte later) and the balanced layout's 174 links
  // (one level at 174 chunks, rebalanced into two levels one byte later).
  it.each([
    [262_144, "chunk-v0-seed", "QmWmRj3dFDZdb6ABvbmKhEL6TmPbAfBZ1t5BxsEyJrcZhE"],
    [262_145, "chunk-v0-seed", "QmYyLxtzZyW22zpoVAtKANLRHpDjZtNeDjQdJrcQNWoRkJ"],
    [174 * 262_144, "v0-seed", "QmUbBALi174SnogsUzLpYbD4xPiBSFANF4iztWCsHbMKh2"],
    [174 * 262_144 + 1, "v0-seed", "QmV81WL765sC8DXsRhE5fJv2rwhS4icHRaf3J9Zk5FdRnW"],
  ])("%i deterministic bytes of seed %s", async (size, seed, expected) => {
    expect(await cidOfBytes(deterministicBytes(size, seed))).toBe(expected);
  });
});

describe("blocksOfBytes", () => {
  it("gives every block of a multi-block file under its own CID, the root last", async () => {
    const bytes = deterministicBytes(262_145, "chunk-v0-seed");
    const { cid, blocks } = await blocksOfBytes(bytes);
    expect(cid).toBe("QmYyLxtzZyW22zpoVAtKANLRHpDjZtNeDjQdJrcQNWoRkJ");
    expect(blocks).toHaveLength(3);
    expect(blocks.at(-1)!.cid).toBe(cid);
    for (const block of blocks) expect(CID.createV0(await sha256.digest(block.bytes)).toString()).toBe(block.cid);
  });

  it("lists a block that repeats in the file once", async () => {
    const { blocks } = await blocksOfBytes(new Uint8Array(3 * 262_144));
    expect(blocks).toHaveLength(2);
  });
});

describe("readVerifiedFile", () => {
  it("reads a single-block file", async () => {
    const bytes = text("hello world\n");
    const { cid, blocks } = await blocksOfBytes(bytes);
    const source = blockSource(blocks);
    expect(await readVerifiedFile(cid, source.getBlock, { maxBytes: 1024 })).toEqual(bytes);
    expect(source.requested).toEqual([cid]);
  });

  it("reads the empty file", async () => {
    const { cid, blocks } = await blocksOfBytes(new Uint8Array(0));
    expect(await readVerifiedFile(cid, blockSource(blocks).getBlock, { maxBytes: 0 })).toEqual(new Uint8Array(0));
  });

  it("reads a multi-block file in order, each block once", async () => {
    const bytes = deterministicBytes(600 * 1024, "multi-block");
    const { cid, blocks } = await blocksOfBytes(bytes);
    const source = blockSource(blocks);
    expect(summary(await readVerifiedFile(cid, source.getBlock, { maxBytes: bytes.length }))).toEqual(summary(bytes));
    expect(source.requested).toEqual([cid, ...blocks.slice(0, -1).map((block) => block.cid)]);
  });

  it("reads a CIDv1 file with raw leaves (what other IPFS clients add)", async () => {
    const bytes = deterministicBytes(300 * 1024, "raw-leaves");
    const blocks: Block[] = [];
    const sink = { put: (cid: CID, block: Uint8Array) => (blocks.push({ cid: cid.toString(), bytes: block }), cid) };
    const { cid } = await importBytes(bytes, sink, { cidVersion: 1, rawLeaves: true });
    expect(cid.toString()).toMatch(/^bafybei/);
    expect(blocks[0]!.cid).toMatch(/^bafkrei/);
    expect(summary(await readVerifiedFile(cid.toString(), blockSource(blocks).getBlock, { maxBytes: bytes.length }))).toEqual(summary(bytes));
  });

  it("refuses a leaf whose bytes are not its CID's", async () => {
    const { cid, blocks } = await blocksOfBytes(deterministicBytes(600 * 1024, "multi-block"));
    const leaf = blocks[1]!;
    const forged = leaf.bytes.slice();
    forged[100] ^= 1;
    const error = await contentError(readVerifiedFile(cid, blockSource(blocks, { [leaf.cid]: forged }).getBlock, { maxBytes: 1 << 20 }));
    expect(error.reason).toBe("mismatch");
    expect(error.values).toEqual({ cid: leaf.cid });
  });

  it("refuses a root answered with another file's bytes", async () => {
    const { cid, blocks } = await blocksOfBytes(text("hello world\n"));
    const other = await blocksOfBytes(text("hello world"));
    const error = await contentError(readVerifiedFile(cid, blockSource(blocks, { [cid]: other.blocks[0]!.bytes }).getBlock, { maxBytes: 1024 }));
    expect(error.reason).toBe("mismatch");
  });

  it("refuses a root whose file size is over maxBytes without fetching any child", async () => {
    const { cid, blocks } = await blocksOfBytes(deterministicBytes(600 * 1024, "multi-block"));
    const source = blockSource(blocks);
    const error = await contentError(readVerifiedFile(cid, source.getBlock, { maxBytes: 300 * 1024 }));
    expect(error.reason).toBe("tooLarge");
    expect(error.values).toEqual({ size: String(600 * 1024), max: String(300 * 1024) });
    expect(source.requested).toEqual([cid]);
  });

  it("refuses a single-block file one byte over maxBytes", async () => {
    const { cid, blocks } = await blocksOfBytes(text("hello world\n"));
    expect((await contentError(readVerifiedFile(cid, blockSource(blocks).getBlock, { maxBytes: 11 }))).reason).toBe("tooLarge");
  });

  it("refuses a directory", async () => {
    const directory = await pbBlock(new UnixFS({ type: "directory" }));
    // The empty directory of kubo's default profile (js-ipfs-unixfs ipip-499-profiles.spec.ts).
    expect(directory.cid).toBe("QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn");
    const error = await contentError(readVerifiedFile(directory.cid, blockSource([directory]).getBlock, { maxBytes: 1024 }));
    expect(error.reason).toBe("notAFile");
    expect(error.values.type).toBe("directory");
  });

  it("refuses a child that holds other than its parent says", async () => {
    const leaf = await pbBlock(new UnixFS({ type: "file", data: text("hello world\n") }));
    const root = await pbBlock(new UnixFS({ type: "file", blockSizes: [5n] }), [{ Hash: CID.parse(leaf.cid), Tsize: leaf.bytes.length }]);
    const error = await contentError(readVerifiedFile(root.cid, blockSource([root, leaf]).getBlock, { maxBytes: 1024 }));
    expect(error.reason).toBe("malformed");
    expect(error.values.cid).toBe(leaf.cid);
  });

  it("refuses bytes that hash right but are not dag-pb", async () => {
    const bytes = text("not a protobuf at all");
    const cid = CID.createV0(await sha256.digest(bytes)).toString();
    expect((await contentError(readVerifiedFile(cid, async () => bytes, { maxBytes: 1024 }))).reason).toBe("malformed");
  });

  it("refuses a DAG of more blocks than its budget", async () => {
    const leaf = await pbBlock(new UnixFS({ type: "file" }));
    const links = Array.from({ length: 10 }, () => ({ Hash: CID.parse(leaf.cid), Tsize: leaf.bytes.length }));
    const root = await pbBlock(new UnixFS({ type: "file", blockSizes: links.map(() => 0n) }), links);
    const source = blockSource([root, leaf]);
    const error = await contentError(readVerifiedFile(root.cid, source.getBlock, { maxBytes: 1024, maxBlocks: 5 }));
    expect(error.reason).toBe("tooLarge");
    expect(source.requested).toHaveLength(5);
  });

  it.each([
    ["not a CID", "not a cid"],
    ["an identity-hash CID", "bafkqaaa"],
    ["a dag-cbor CID", "bafyreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy"],
  ])("refuses %s before fetching anything", async (_, cid) => {
    const source = blockSource([]);
    expect((await contentError(readVerifiedFile(cid, source.getBlock, { maxBytes: 1024 }))).reason).toBe("unsupportedCid");
    expect(source.requested).toEqual([]);
  });
});
