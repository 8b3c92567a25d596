/**
 * The stack the production server's hardening tests run on (tests/server/hardening-*.test.ts):
 * the seeded local product with its app server, the first member's address, and `send`, one HTTP
 * request exactly as written: the request line carries `path` as it is (`/./x`, `/%6Dembers`,
 * `http://any.host/x`, `*`), on a connection of its own, from `localAddress` when given (the
 * server tells clients apart by it). `useHardeningStack()` starts the stack before the calling
 * file's tests and stops it after; `stack` and `member` are set meanwhile (live bindings: read
 * them inside tests).
 */
import { request as httpRequest } from "node:http";
import { startStack, type Stack } from "../setup/stack.js";

export let stack: Stack;
/** The first member of the demo data, by address. */
export let member: string;

export function useHardeningStack() {
  beforeAll(async () => {
    stack = await startStack();
    [{ account: member }] = await stack.query<{ account: string }>(`select account from "${stack.viewsSchema}".members order by account limit 1`);
  });
  afterAll(() => stack?.stop());
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export type RawRequestOptions = { method?: string; headers?: Record<string, string>; localAddress?: string };

export function send(path: string, { method = "GET", headers = {}, localAddress }: RawRequestOptions = {}) {
  const { hostname, port } = new URL(stack.appUrl);
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
