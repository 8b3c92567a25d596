/**
 * A trustless IPFS gateway that answers as a test tells it, on a free port: `answer` gets the
 * requested block's CID (the path after /ipfs/) and the raw request and response; returning
 * "hang" leaves the request unanswered. It records every CID asked for, and each request's URL
 * and Accept header.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeGateway = { url: string; requested: string[]; requests: { url: string; accept?: string }[]; close(): Promise<void> };

export async function startFakeGateway(answer: (cid: string, req: IncomingMessage, res: ServerResponse) => "hang" | void): Promise<FakeGateway> {
  const requested: string[] = [];
  const requests: { url: string; accept?: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const cid = new URL(req.url ?? "/", "http://gateway").pathname.replace(/^\/ipfs\//, "");
    requested.push(cid);
    requests.push({ url: req.url ?? "/", accept: req.headers.accept });
    answer(cid, req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
