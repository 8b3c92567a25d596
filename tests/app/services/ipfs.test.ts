import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { blocksOfBytes, cidOfBytes, IpfsContentError } from "../../../app/documents/unixfs";
import { fetchVerified, IpfsFetchError, IpfsMismatchError, IpfsUnavailableError, MAX_BLOCK_BYTES, pinBytes } from "../../../app/services/ipfs.server";
import { freePort } from "../../../scripts/lib/free-port";
import { startIpfsNode, type IpfsNode } from "../../../scripts/lib/ipfs-node";
import { startFakeGateway } from "../../setup/fake-gateway";
import { startFakeUpstream } from "../../setup/fake-upstream";

const text = (value: string) => new TextEncoder().encode(value);
/** Large byte arrays compared by length and digest: vitest's element-wise diff of 600 KiB takes seconds. */
const summary = (bytes: Uint8Array) => ({ length: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
const document = (size: number, seed: number) => new Uint8Array(size).map((_, i) => (i * seed) % 251);

const raw = (res: ServerResponse, bytes: Uint8Array) => {
  res.writeHead(200, { "content-type": "application/vnd.ipld.raw" });
  res.end(bytes);
};

async function rejection<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe("the IPFS gateway of the server", () => {
  let node: IpfsNode;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    node = await startIpfsNode({ port: 0 });
  });
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(() => node?.stop());

  const pin = (bytes: Uint8Array) => pinBytes(bytes, { apiUrl: node.apiUrl, timeoutMs: 5000 });
  /** A gateway that misbehaves as told: `answer` gets the requested block CID; "hang" never answers. */
  const gateway = async (answer: (cid: string, res: ServerResponse) => "hang" | void) => {
    const fake = await startFakeGateway((cid, _req, res) => answer(cid, res));
    closers.push(fake.close);
    return fake;
  };

  it("pins a document and reads it back verified", async () => {
    const bytes = text('{\n  "format": "party-document/1"\n}\n');
    const cid = await pin(bytes);
    expect(cid).toBe(await cidOfBytes(bytes));
    expect(await node.has(cid)).toBe(true);
    expect(await fetchVerified(cid, { gateways: [node.gatewayUrl], timeoutMs: 5000, maxBytes: 1 << 20 })).toEqual(bytes);
  });

  it("pins and reads back a 600 KiB file of several blocks", async () => {
    const bytes = document(600 * 1024, 7919);
    const cid = await pin(bytes);
    expect((await blocksOfBytes(bytes)).blocks.length).toBeGreaterThan(1);
    expect(summary(await fetchVerified(cid, { gateways: [node.gatewayUrl], timeoutMs: 5000, maxBytes: 1 << 20 }))).toEqual(summary(bytes));
  });

  it("leaves a gateway that answers other bytes for the next one", async () => {
    const bytes = document(400 * 1024, 31);
    const cid = await pin(bytes);
    const otherBlock = (await blocksOfBytes(text("something else"))).blocks[0]!.bytes;
    const liar = await gateway((_, res) => raw(res, otherBlock));
    expect(summary(await fetchVerified(cid, { gateways: [liar.url, node.gatewayUrl], timeoutMs: 5000, maxBytes: 1 << 20 }))).toEqual(summary(bytes));
    // The trustless gateway request: format=raw and the raw block media type.
    expect(liar.requests).toEqual([{ url: `/ipfs/${cid}?format=raw`, accept: "application/vnd.ipld.raw" }]);
  });

  it("fails with every gateway's reason when all answer garbage", async () => {
    const cid = await pin(text("the real document"));
    const first = await gateway((_, res) => raw(res, text("garbage")));
    const second = await gateway((_, res) => raw(res, new Uint8Array(0)));
    const error = await rejection(fetchVerified(cid, { gateways: [first.url, second.url], timeoutMs: 5000, maxBytes: 1024 }), IpfsFetchError);
    expect(error.failures.map(({ gateway, reason }) => ({ gateway, reason }))).toEqual([
      { gateway: first.url, reason: "mismatch" },
      { gateway: second.url, reason: "mismatch" },
    ]);
  });

  it("gives up on a gateway that hangs after timeoutMs, then asks the next", async () => {
    const bytes = text("worth the wait");
    const cid = await pin(bytes);
    const hanging = await gateway(() => "hang");
    const started = performance.now();
    expect(await fetchVerified(cid, { gateways: [hanging.url, node.gatewayUrl], timeoutMs: 300, maxBytes: 1024 })).toEqual(bytes);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
    expect(hanging.requested).toEqual([cid]);
  });

  it("names the failure of each gateway: timeout, status, unreachable, an endless block", async () => {
    const cid = await pin(text("nobody has me intact"));
    const hanging = await gateway(() => "hang");
    const missing = await gateway((_, res) => void res.writeHead(404).end());
    const closedPort = `http://127.0.0.1:${await freePort()}`;
    // Without the cap this one would run into the timeout; with it, it is cut off at 2 MiB.
    const endless = await gateway((_, res) => {
      res.writeHead(200, { "content-type": "application/vnd.ipld.raw" });
      const chunk = new Uint8Array(64 * 1024);
      const write = () => {
        while (res.write(chunk));
        res.once("drain", write);
      };
      write();
    });
    const error = await rejection(fetchVerified(cid, { gateways: [hanging.url, missing.url, closedPort, endless.url], timeoutMs: 1000, maxBytes: 1024 }), IpfsFetchError);
    expect(error.failures.map((failure) => failure.reason)).toEqual(["timeout", "status", "unreachable", "tooLarge"]);
    expect(error.failures[3]!.detail).toContain(String(MAX_BLOCK_BYTES));
  });

  it("refuses a document over maxBytes at once, asking no other gateway", async () => {
    const bytes = document(300 * 1024, 17);
    const cid = await pin(bytes);
    const second = await gateway((_, res) => void res.writeHead(500).end());
    const error = await rejection(fetchVerified(cid, { gateways: [node.gatewayUrl, second.url], timeoutMs: 5000, maxBytes: 100 * 1024 }), IpfsContentError);
    expect(error.reason).toBe("tooLarge");
    expect(error.values).toEqual({ size: String(300 * 1024), max: String(100 * 1024) });
    expect(second.requested).toEqual([]);
  });

  it("fails quickly when nothing listens at the node's address", async () => {
    const apiUrl = `http://127.0.0.1:${await freePort()}`;
    const started = performance.now();
    const error = await rejection(pinBytes(text("x"), { apiUrl, timeoutMs: 5000 }), IpfsUnavailableError);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.detail).toContain("ECONNREFUSED");
  });

  it("sends Kubo's add options and the authorization, which no error repeats", async () => {
    const kubo = await startFakeUpstream(() => ({ status: 500, json: { Message: "pinning disabled", Code: 0, Type: "error" } }));
    closers.push(kubo.close);
    const authorization = "Basic c2VjcmV0OnNlY3JldA==";
    const error = await rejection(pinBytes(text("x"), { apiUrl: kubo.url, authorization, timeoutMs: 5000 }), IpfsUnavailableError);
    expect(error.detail).toBe("status 500: pinning disabled");
    expect(`${error.message} ${error.detail} ${error.stack}`).not.toContain("c2VjcmV0");
    const [request] = kubo.requests;
    expect(request!.path).toBe("/api/v0/add?cid-version=0&raw-leaves=false&pin=true&chunker=size-262144&quieter=true");
    expect(request!.headers.authorization).toBe(authorization);
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("fails after timeoutMs when the node does not answer", async () => {
    const kubo = await startFakeUpstream(() => "hang");
    closers.push(kubo.close);
    const error = await rejection(pinBytes(text("x"), { apiUrl: kubo.url, timeoutMs: 300 }), IpfsUnavailableError);
    expect(error.detail).toBe("no answer within 300 ms");
  });

  it("refuses a node that stored the bytes under another CID", async () => {
    const bytes = text("hello world\n");
    const other = "bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e";
    const kubo = await startFakeUpstream(() => ({ json: { Name: "document.json", Hash: other, Size: "12" } }));
    closers.push(kubo.close);
    const error = await rejection(pinBytes(bytes, { apiUrl: kubo.url, timeoutMs: 5000 }), IpfsMismatchError);
    expect({ expected: error.expected, answered: error.answered }).toEqual({ expected: "QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o", answered: other });
  });

  it("treats an answer without a Hash as unavailable", async () => {
    const kubo = await startFakeUpstream(() => ({ text: "<html>proxy error</html>", contentType: "text/html" }));
    closers.push(kubo.close);
    const error = await rejection(pinBytes(text("x"), { apiUrl: kubo.url, timeoutMs: 5000 }), IpfsUnavailableError);
    expect(error.detail).toMatch(/^unreadable answer/);
  });
});
