/**
 * Calls the route module's action directly, as Remix would, against a real anvil. The env
 * module caches on first read, so the chain must be up (and CHAIN_RPC_URL set) before the first
 * request; `viaProxy` lets a test cut the chain off to see the 503.
 */
import { startTcpProxy, viaProxy } from "../../setup/tcp-proxy.js";
import { setupChain, type TestChain } from "../../setup/chain.js";
import { action, loader } from "../../../app/routes/api.calls.$operation.js";
import { resetPostGuard } from "../../../app/utils/post-guard.server.js";

export type Answer = { status: number; body: Record<string, unknown> & { message?: string; field?: string; error?: string } };

export function useActionChain(seed?: (tc: TestChain) => Promise<void>) {
  const ctx = {} as { tc: TestChain; proxy: Awaited<ReturnType<typeof startTcpProxy>> };
  beforeAll(async () => {
    ctx.tc = await setupChain();
    if (seed) await seed(ctx.tc);
    ctx.proxy = await startTcpProxy({ host: "127.0.0.1", port: ctx.tc.anvil.port });
    process.env.CHAIN_RPC_URL = viaProxy(ctx.tc.rpcUrl, ctx.proxy.port);
    // The action needs no database, but the env schema requires the setting.
    process.env.DATABASE_URL ??= "postgres://unused@127.0.0.1:1/unused";
    process.env.PARTY_ENV = "local";
  });
  afterAll(async () => {
    await ctx.proxy?.close();
    await ctx.tc?.stop();
  });
  return ctx;
}

const URL_OF = (operation: string) => `http://localhost/api/calls/${operation}`;

async function answer(response: Response): Promise<Answer> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** POSTs `body` (an object is sent as JSON, a string as is, FormData as form data). */
export async function post(operation: string, body: unknown, init: RequestInit = {}): Promise<Answer> {
  const isRaw = typeof body === "string" || body instanceof FormData || body instanceof URLSearchParams;
  const headers: Record<string, string> = isRaw ? {} : { "content-type": "application/json" };
  const request = new Request(URL_OF(operation), { method: "POST", headers, body: isRaw ? body : JSON.stringify(body), ...init });
  // These tests send hundreds of requests from one "client"; the rate limit has its own tests.
  await resetPostGuard();
  return answer(await action({ request, params: { operation }, context: {} }));
}

export async function send(operation: string, method: string): Promise<Answer> {
  // Remix routes GET to the loader and every other method to the action.
  if (method === "GET") return answer(loader());
  const request = new Request(URL_OF(operation), { method });
  return answer(await action({ request, params: { operation }, context: {} }));
}
