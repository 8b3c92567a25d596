/**
 * A TCP proxy to put between the app (or the indexer) and Postgres or the chain: `cut()` drops
 * every connection and refuses new ones (as an outage looks to the client), `restore()` lets
 * connections through again. `cutWhen(needle)` arms it: the first connection whose client then
 * sends `needle` (in a query's text, or in COPY data) is ended before those bytes reach the
 * server, and the returned promise resolves; other connections, and later ones, pass untouched.
 */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let down = false;
  let armed: { needle: Buffer; cut: () => void } | undefined;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(target.port, target.host);
    const close = () => {
      for (const socket of [client, upstream]) {
        sockets.delete(socket);
        socket.destroy();
      }
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", close).on("close", close);
    }
    let tail = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      if (armed) {
        const window = Buffer.concat([tail, chunk]);
        if (window.includes(armed.needle)) {
          const { cut } = armed;
          armed = undefined;
          close();
          return cut();
        }
        tail = window.subarray(Math.max(0, window.length - armed.needle.length + 1));
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const cut = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut,
    restore: () => void (down = false),
    cutWhen: (needle: string) => new Promise<void>((resolve) => void (armed = { needle: Buffer.from(needle), cut: resolve })),
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function viaProxy(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(port);
  return parsed.toString();
}
