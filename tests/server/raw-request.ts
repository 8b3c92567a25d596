/**
 * One HTTP request exactly as written, for the production server's tests (tests/server/): the
 * request line carries `path` as it is (`/./x`, `/%6Dembers`, `http://any.host/x`, `*`), on a
 * connection of its own, from `localAddress` when given (the server tells clients apart by it).
 */
import { request as httpRequest } from "node:http";

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export type RawRequestOptions = { method?: string; headers?: Record<string, string>; localAddress?: string };

export function rawRequest(appUrl: string, path: string, { method = "GET", headers = {}, localAddress }: RawRequestOptions = {}) {
  const { hostname, port } = new URL(appUrl);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers, localAddress, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
