/**
 * A TCP proxy to put between the app and Postgres: `cut()` drops every connection and refuses new
 * ones (as a database outage looks to the app), `restore()` lets connections through again.
 */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let down = false;
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
    client.pipe(upstream);
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
