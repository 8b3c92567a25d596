/**
 * The local IPFS node of `npm run dev` and the tests: a Helia node (@helia/http, Helia without
 * libp2p transports) with no block brokers and no routers, so it never dials, announces or fetches
 * anything. It speaks what the production code speaks to the party's Kubo node and to public
 * gateways, on one port:
 *
 *   POST /api/v0/add       Kubo RPC: multipart files; cid-version, raw-leaves, chunker=size-N, pin
 *   POST /api/v0/version   Kubo RPC
 *   GET|HEAD /ipfs/{cid}   trustless gateway: raw blocks (format=raw or Accept application/vnd.ipld.raw)
 *
 * With `dir`, blocks and pins live on disk and survive restarts; without it, in memory.
 *
 *   const node = await startIpfsNode({ port: 0 });
 *   await pinBytes(bytes, { apiUrl: node.apiUrl, timeoutMs: 5000 });
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createHeliaHTTP } from "@helia/http";
import { unixfs, type AddOptions } from "@helia/unixfs";
import * as dagPb from "@ipld/dag-pb";
import { FsBlockstore } from "blockstore-fs";
import { FsDatastore } from "datastore-fs";
import { fixedSize } from "ipfs-unixfs-importer/chunker";
import { balanced } from "ipfs-unixfs-importer/layout";
import { CID } from "multiformats/cid";

export type StartIpfsNodeParameters = { port?: number; host?: string; dir?: string };

export type IpfsNode = {
  apiUrl: string;
  gatewayUrl: string;
  /** Adds and pins `bytes` as `ipfs add` with Kubo's defaults would; the root CID. */
  add(bytes: Uint8Array): Promise<string>;
  /** Whether the node holds the block (never asks anyone else). */
  has(cid: string): Promise<boolean>;
  stop(): Promise<void>;
};

/** Kubo's default chunk size, and its largest (a block must stay under bitswap's 2 MiB). */
const DEFAULT_CHUNK = 262_144;
const MAX_CHUNK = 1_048_576;
/** A dev node for small documents: an upload beyond this is refused rather than buffered. */
const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

type AddSettings = { cidVersion: 0 | 1; rawLeaves: boolean; chunkSize: number; pin: boolean };
const KUBO_DEFAULTS: AddSettings = { cidVersion: 0, rawLeaves: false, chunkSize: DEFAULT_CHUNK, pin: true };

/**
 * Helia 6 is built on multiformats 13 and ipfs-unixfs-importer 16, this app on 14 and 17: at run
 * time the same CIDs and the same balanced layout, to TypeScript two unrelated types. These two
 * casts are the only place the versions meet.
 */
type HeliaCid = Parameters<Awaited<ReturnType<typeof createHeliaHTTP>>["blockstore"]["has"]>[0];
const heliaCid = (cid: CID) => cid as unknown as HeliaCid;
const kuboLayout = balanced({ maxChildrenPerNode: 174 }) as unknown as NonNullable<AddOptions["layout"]>;

/** What the caller asked wrong: answered with `status` in Kubo's error shape. */
class RequestError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function startIpfsNode({ port = 0, host = "127.0.0.1", dir }: StartIpfsNodeParameters = {}): Promise<IpfsNode> {
  const stores = dir ? { blockstore: new FsBlockstore(join(dir, "blocks")), datastore: new FsDatastore(join(dir, "datastore")) } : undefined;
  if (stores) {
    await stores.blockstore.open();
    await stores.datastore.open();
  }
  // No brokers, no routers, no libp2p services: an offline node (the default would ask delegated-ipfs.dev and public gateways).
  const helia = await createHeliaHTTP({ ...stores, blockBrokers: [], routers: [], libp2p: { services: {} } });
  const fs = unixfs(helia);

  async function blockOf(cid: HeliaCid): Promise<Uint8Array | undefined> {
    if (!(await helia.blockstore.has(cid))) return undefined;
    const chunks: Uint8Array[] = [];
    for await (const chunk of helia.blockstore.get(cid, { offline: true })) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async function addFile(bytes: Uint8Array, settings: AddSettings): Promise<{ cid: string; size: number }> {
    const cid = await fs.addBytes(bytes, {
      cidVersion: settings.cidVersion,
      rawLeaves: settings.rawLeaves,
      reduceSingleLeafToSelf: true,
      chunker: fixedSize({ chunkSize: settings.chunkSize }),
      layout: kuboLayout,
    });
    if (settings.pin && !(await helia.pins.isPinned(cid))) for await (const _ of helia.pins.add(cid)) void _;
    // Kubo's "Size": the root block plus the cumulative sizes its links declare.
    const root = (await blockOf(cid))!;
    const size = cid.code === dagPb.code ? dagPb.decode(root).Links.reduce((sum, link) => sum + (link.Tsize ?? 0), root.length) : root.length;
    return { cid: cid.toString(), size };
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, url: URL) {
    const command = url.pathname.slice("/api/v0/".length);
    if (command !== "add" && command !== "version") return send(res, 404, "text/plain", "404 page not found\n");
    // As Kubo: only POST (a link must not run a command), and no web page of another origin (a form may POST across origins).
    if (req.method !== "POST") return send(res, 405, "text/plain", "405 - Method Not Allowed\n", { allow: "POST" });
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, "text/plain", "403 - Forbidden\n");
    if (command === "version") {
      return json(res, 200, { Version: "helia-offline", Commit: "", Repo: "", System: `${process.arch}/${process.platform}`, Golang: "" });
    }
    const settings = addSettings(url.searchParams);
    const body = await readBody(req, MAX_UPLOAD_BYTES);
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData().catch(() => {
      throw new RequestError("expected multipart/form-data with a file");
    });
    const files = [...form.values()].filter((value): value is File => typeof value !== "string");
    if (files.length === 0) throw new RequestError("no file in the request");
    const lines: string[] = [];
    for (const file of files) {
      const { cid, size } = await addFile(new Uint8Array(await file.arrayBuffer()), settings);
      lines.push(JSON.stringify({ Name: file.name || cid, Hash: cid, Size: String(size) }));
    }
    const quieter = ["quieter", "quiet", "q", "Q"].some((name) => url.searchParams.get(name) === "true");
    send(res, 200, "application/json", `${(quieter ? lines.slice(-1) : lines).join("\n")}\n`);
  }

  async function gateway(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain", "method not allowed\n", { allow: "GET, HEAD" });
    const [cidText, ...path] = url.pathname.slice("/ipfs/".length).split("/");
    const format = url.searchParams.get("format");
    const acceptsRaw = (req.headers.accept ?? "").includes("application/vnd.ipld.raw");
    // A trustless gateway only: no deserialised files, which a browser could render.
    if (format === null && !acceptsRaw) return send(res, 400, "text/plain", "trustless gateway: ask for format=raw or Accept: application/vnd.ipld.raw\n");
    if (format !== null && format !== "raw") return send(res, 406, "text/plain", `format ${format} is not served here, only raw blocks\n`);
    if (path.length > 0) return send(res, 400, "text/plain", "raw blocks are served at /ipfs/{cid} only, without a path\n");
    let cid: CID;
    try {
      cid = CID.parse(cidText!);
    } catch {
      return send(res, 400, "text/plain", `invalid CID "${cidText}"\n`);
    }
    const block = await blockOf(heliaCid(cid));
    if (!block) return send(res, 404, "text/plain", `block ${cidText} is not on this node\n`);
    const headers = {
      "content-disposition": `attachment; filename="${cidText}.bin"`,
      "cache-control": "public, max-age=29030400, immutable",
      etag: `"${cidText}.raw"`,
      "x-content-type-options": "nosniff",
      "x-ipfs-path": `/ipfs/${cidText}`,
    };
    send(res, 200, "application/vnd.ipld.raw", req.method === "HEAD" ? undefined : block, { ...headers, "content-length": String(block.length) });
  }

  let origin = "";
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://node");
    const route = url.pathname.startsWith("/api/v0/") ? rpc : url.pathname.startsWith("/ipfs/") ? gateway : undefined;
    if (!route) return send(res, 404, "text/plain", "404 page not found\n");
    route(req, res, url).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // Kubo's error shape; 500 for the node's own failures.
      if (!res.headersSent) json(res, error instanceof RequestError ? error.status : 500, { Message: message, Code: 0, Type: "error" });
      else res.destroy();
    });
  });
  const closeStores = async () => {
    await helia.stop();
    await stores?.blockstore.close();
    await stores?.datastore.close();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    // The port is taken (another node?): leave nothing open behind the error.
    await closeStores();
    throw error;
  }
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: origin,
    gatewayUrl: origin,
    add: async (bytes) => (await addFile(bytes, KUBO_DEFAULTS)).cid,
    has: async (cid) => await helia.blockstore.has(heliaCid(CID.parse(cid))),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeStores();
    },
  };
}

/** `ipfs add`'s options as Kubo reads them from the query; what this node cannot do is refused, never ignored. */
function addSettings(query: URLSearchParams): AddSettings {
  const flag = (name: string, fallback: boolean) => {
    const value = query.get(name);
    if (value === null || value === "") return fallback;
    if (value !== "true" && value !== "false") throw new RequestError(`${name}: expected true or false, got "${value}"`);
    return value === "true";
  };
  const version = query.get("cid-version") ?? "0";
  if (version !== "0" && version !== "1") throw new RequestError(`cid-version: expected 0 or 1, got "${version}"`);
  const cidVersion = version === "1" ? 1 : 0;
  const hash = query.get("hash");
  if (hash !== null && hash !== "sha2-256") throw new RequestError(`hash ${hash} is not supported by this node, only sha2-256`);
  const chunker = query.get("chunker") ?? `size-${DEFAULT_CHUNK}`;
  const size = /^size-(\d{1,8})$/.exec(chunker);
  const chunkSize = size ? Number(size[1]) : NaN;
  if (!(chunkSize > 0 && chunkSize <= MAX_CHUNK)) throw new RequestError(`chunker ${chunker} is not supported by this node, only size-1 to size-${MAX_CHUNK}`);
  // As in Kubo, CIDv1 implies raw leaves unless told otherwise.
  return { cidVersion, rawLeaves: flag("raw-leaves", cidVersion === 1), chunkSize, pin: flag("pin", true) };
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > max) {
        reject(new RequestError(`upload over ${max} bytes`, 413));
        req.resume();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, contentType: string, body?: string | Uint8Array, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": contentType, ...headers });
  res.end(body);
}

const json = (res: ServerResponse, status: number, value: unknown) => send(res, status, "application/json", `${JSON.stringify(value)}\n`);
