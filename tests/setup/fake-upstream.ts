/**
 * A local HTTP server standing in for an RPC upstream (Alchemy, alto): it records every request
 * and answers with whatever `handler` returns, or never answers ("hang"), for the proxy tests.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type UpstreamRequest = { path: string; headers: IncomingMessage["headers"]; body: unknown };
export type UpstreamAnswer = { status?: number; json?: unknown; text?: string; contentType?: string } | "hang";
export type UpstreamHandler = (request: UpstreamRequest) => UpstreamAnswer | Promise<UpstreamAnswer>;

/** Answers each JSON-RPC request with `result(method, params)`, batches as batches. */
export function jsonRpcHandler(result: (method: string, params: unknown) => unknown): UpstreamHandler {
  type Call = { id: unknown; method: string; params?: unknown };
  const answer = (call: Call) => ({ jsonrpc: "2.0", id: call.id, result: result(call.method, call.params) });
  return ({ body }) => ({ json: Array.isArray(body) ? (body as Call[]).map(answer) : answer(body as Call) });
}

export async function startFakeUpstream(handler: UpstreamHandler, path = "/") {
  const requests: UpstreamRequest[] = [];
  const sockets = new Set<Socket>();
  let current = handler;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      const request = { path: req.url ?? "/", headers: req.headers, body };
      requests.push(request);
      const answer = await current(request);
      if (answer === "hang") return;
      const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? "");
      res.writeHead(answer.status ?? 200, { "content-type": answer.contentType ?? (answer.json !== undefined ? "application/json" : "text/plain") });
      res.end(payload);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    setHandler: (next: UpstreamHandler) => void (current = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;
