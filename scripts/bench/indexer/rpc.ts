/**
 * A minimal JSON-RPC client for the benchmark: plain fetch with keep-alive and JSON-RPC batches,
 * because sending ~30,000 transactions one viem call at a time would dominate the run.
 */

export type RpcCall = { method: string; params?: unknown[] };

type RpcResponse = { id: number; result?: unknown; error?: { code: number; message: string; data?: unknown } };

export type Rpc = {
  url: string;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** One HTTP request with many calls; results in call order. Throws on the first error. */
  batch<T = unknown>(calls: RpcCall[]): Promise<T[]>;
};

export function createRpc(url: string): Rpc {
  let nextId = 0;

  async function post(body: unknown): Promise<unknown> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`RPC HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`);
    return response.json();
  }

  function unwrap(call: RpcCall, response: RpcResponse | undefined): unknown {
    if (!response) throw new Error(`RPC ${call.method}: no response`);
    if (response.error) {
      const data = response.error.data === undefined ? "" : ` ${JSON.stringify(response.error.data)}`;
      throw new Error(`RPC ${call.method} failed: ${response.error.message}${data}`);
    }
    return response.result;
  }

  return {
    url,
    async call<T>(method: string, params: unknown[] = []) {
      const id = ++nextId;
      return unwrap({ method, params }, (await post({ jsonrpc: "2.0", id, method, params })) as RpcResponse) as T;
    },
    async batch<T>(calls: RpcCall[]) {
      if (calls.length === 0) return [];
      const first = nextId + 1;
      nextId += calls.length;
      const body = calls.map((c, i) => ({ jsonrpc: "2.0", id: first + i, method: c.method, params: c.params ?? [] }));
      const responses = (await post(body)) as RpcResponse[];
      const byId = new Map(responses.map((r) => [r.id, r]));
      return calls.map((c, i) => unwrap(c, byId.get(first + i))) as T[];
    },
  };
}

export const toQuantity = (n: number | bigint) => `0x${n.toString(16)}`;
