/**
 * The views bench's own parts: the Server-Timing parser behind miss_cpu_ms, the distinct mixed
 * pages of its uncached phases, and its load generator's counts.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hammer } from "../../scripts/bench/views/hammer.js";
import { distinctPaths } from "../../scripts/bench/views/pages.js";
import { serverTiming } from "../../scripts/bench/views/uncached.js";

describe("serverTiming", () => {
  it("reads a metric's duration in ms", () => {
    const header = "render;dur=12.3, cpu;dur=8.1";
    expect([serverTiming(header, "render"), serverTiming(header, "cpu")]).toEqual([12.3, 8.1]);
    expect(serverTiming('db;desc="SQL";dur="4.5",cpu;DUR=2', "db")).toBe(4.5);
    expect(serverTiming("cpu;dur=2", "cpu")).toBe(2);
    // Several headers of the name, as undici hands them over.
    expect(serverTiming(["render;dur=9", "cpu;dur=3.25"], "cpu")).toBe(3.25);
  });

  it("is undefined without the metric or a number for its duration", () => {
    expect(serverTiming(undefined, "cpu")).toBeUndefined();
    expect(serverTiming("render;dur=12", "cpu")).toBeUndefined();
    expect(serverTiming("cpu", "cpu")).toBeUndefined();
    expect(serverTiming("cpu;dur=", "cpu")).toBeUndefined();
    expect(serverTiming("cpu;dur=fast", "cpu")).toBeUndefined();
    expect(serverTiming('cpu;desc="dur=3"', "cpu")).toBeUndefined();
    // A metric whose name only starts like it.
    expect(serverTiming("cpus;dur=3", "cpu")).toBeUndefined();
  });
});

describe("distinctPaths", () => {
  const ids = { chapter: ["1", "2"], member: ["0xa", "0xb", "0xc"], evaluation: ["7"] };

  it("takes the kinds in turn, each page once", () => {
    const paths = distinctPaths(ids, 4);
    expect(paths.map((p) => p.split("/")[1])).toEqual(["chapters", "members", "evaluations", "chapters"]);
    expect(new Set(paths).size).toBe(4);
  });

  it("stops when the lists run out", () => {
    const paths = distinctPaths(ids, 100);
    expect(paths.sort()).toEqual(["/chapters/1", "/chapters/2", "/evaluations/7", "/members/0xa", "/members/0xb", "/members/0xc"]);
  });
});

describe("hammer", () => {
  it("counts answers by status and sends the headers it is given besides a browser's", async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers["x-server-timing"] as string | undefined);
      res.writeHead(req.url === "/missing" ? 404 : 200, { "x-cache": "miss" }).end("page");
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const paths = ["/a", "/missing", "/b"];
      const result = await hammer(url, { path: () => paths.shift()!, amount: 3, connections: 1, headers: { "x-server-timing": "cpu" } });
      expect([result.ok, result.failed, result.statuses, result.cache]).toEqual([2, 1, { 200: 2, 404: 1 }, { miss: 3 }]);
      expect(seen).toEqual(["cpu", "cpu", "cpu"]);
    } finally {
      server.close();
    }
  });

  it("fails, with the reason, when no request is answered at all", async () => {
    const server = createServer();
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const port = (server.address() as AddressInfo).port;
    await new Promise((closed) => server.close(closed));
    await expect(hammer(`http://127.0.0.1:${port}`, { prefix: "/chapters/", ids: ["1"], amount: 2, connections: 1 })).rejects.toThrow(/no request to .* was answered/);
  });
});
