import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blocksOfBytes } from "../../app/documents/unixfs";
import { startIpfsNode, type IpfsNode } from "../../scripts/lib/ipfs-node";

const text = (value: string) => new TextEncoder().encode(value);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** `ipfs add` through the RPC, as curl -F file=@… would send it. */
async function rpcAdd(node: IpfsNode, bytes: Uint8Array, query = "cid-version=0&raw-leaves=false&pin=true&chunker=size-262144") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "document.json");
  return fetch(`${node.apiUrl}/api/v0/add?${query}`, { method: "POST", body: form });
}

const rawBlock = (node: IpfsNode, cid: string, init?: RequestInit) => fetch(`${node.gatewayUrl}/ipfs/${cid}?format=raw`, init);

describe("the local IPFS node", () => {
  let node: IpfsNode;
  beforeAll(async () => {
    node = await startIpfsNode({ port: 0 });
  });
  afterAll(() => node?.stop());

  it("adds through the Kubo RPC and answers as Kubo does", async () => {
    const response = await rpcAdd(node, text("hello world\n"));
    expect(response.status).toBe(200);
    // The CID and size `ipfs add` prints for "hello world\n" (go-ipfs README); the block is 20 bytes.
    expect(JSON.parse(await response.text())).toEqual({ Name: "document.json", Hash: "QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o", Size: "20" });
    expect(await node.has("QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o")).toBe(true);
  });

  it("honours cid-version=1 as Kubo does (raw leaves unless told otherwise)", async () => {
    const response = await rpcAdd(node, text("hello world"), "cid-version=1");
    // kubo test/cli/cid_profiles_test.go, unixfs-v1-2025 SmallFileCID: "hello world" as a raw leaf.
    expect(JSON.parse(await response.text()).Hash).toBe("bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e");
  });

  it("refuses what it cannot do instead of giving another CID", async () => {
    const response = await rpcAdd(node, text("x"), "chunker=rabin");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ Type: "error", Message: expect.stringContaining("rabin") });
  });

  it("answers the RPC only on POST, and only for the commands it has", async () => {
    expect((await fetch(`${node.apiUrl}/api/v0/add`)).status).toBe(405);
    expect((await fetch(`${node.apiUrl}/api/v0/cat`, { method: "POST" })).status).toBe(404);
    const version = await fetch(`${node.apiUrl}/api/v0/version`, { method: "POST" });
    expect(await version.json()).toHaveProperty("Version");
    // A page of another origin (a form posting across origins) is refused, as Kubo refuses it.
    expect((await fetch(`${node.apiUrl}/api/v0/version`, { method: "POST", headers: { origin: "https://elsewhere.example" } })).status).toBe(403);
    expect((await fetch(`${node.apiUrl}/api/v0/version`, { method: "POST", headers: { origin: node.apiUrl } })).status).toBe(200);
  });

  it("serves each block of an added file through the trustless gateway", async () => {
    const bytes = new Uint8Array(600 * 1024).map((_, i) => (i * 7919) % 251);
    const expected = await blocksOfBytes(bytes);
    expect(await node.add(bytes)).toBe(expected.cid);
    for (const block of expected.blocks) {
      const response = await rawBlock(node, block.cid);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/vnd.ipld.raw");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${block.cid}.bin"`);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(block.bytes));
    }
  });

  it("serves a block on Accept alone, and HEAD without a body", async () => {
    const cid = await node.add(text("accept me"));
    const byAccept = await fetch(`${node.gatewayUrl}/ipfs/${cid}`, { headers: { accept: "application/vnd.ipld.raw" } });
    expect(byAccept.status).toBe(200);
    const head = await rawBlock(node, cid, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String((await byAccept.arrayBuffer()).byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 404 for a block it does not hold, never asking elsewhere", async () => {
    const { cid } = await blocksOfBytes(text("never added anywhere"));
    expect((await rawBlock(node, cid)).status).toBe(404);
    expect(await node.has(cid)).toBe(false);
  });

  it("answers 400 for a bad CID, or a request that is not for a raw block", async () => {
    const cid = await node.add(text("raw only"));
    expect((await rawBlock(node, "not-a-cid")).status).toBe(400);
    expect((await fetch(`${node.gatewayUrl}/ipfs/${cid}`)).status).toBe(400);
    expect((await fetch(`${node.gatewayUrl}/ipfs/${cid}?format=car`)).status).toBe(406);
    expect((await fetch(`${node.gatewayUrl}/ipfs/${cid}`, { method: "POST" })).status).toBe(405);
  });
});

describe("a node with a directory", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ipfs-node-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps its blocks across a restart", async () => {
    const bytes = new Uint8Array(300 * 1024).map((_, i) => i % 13);
    const first = await startIpfsNode({ port: 0, dir });
    const cid = await first.add(bytes);
    await first.stop();

    const second = await startIpfsNode({ port: 0, dir });
    try {
      expect(await second.has(cid)).toBe(true);
      const { blocks } = await blocksOfBytes(bytes);
      for (const block of blocks) expect(sha256(new Uint8Array(await (await rawBlock(second, block.cid)).arrayBuffer()))).toBe(sha256(block.bytes));
    } finally {
      await second.stop();
    }
  });

  it("fails to start on a port that is taken (a node already running there)", async () => {
    const running = await startIpfsNode({ port: 0 });
    try {
      await expect(startIpfsNode({ port: Number(new URL(running.apiUrl).port), dir })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await running.stop();
    }
  });

  it("keeps nothing without one", async () => {
    const first = await startIpfsNode({ port: 0 });
    const cid = await first.add(text("in memory only"));
    await first.stop();
    const second = await startIpfsNode({ port: 0 });
    expect(await second.has(cid)).toBe(false);
    await second.stop();
  });
});
