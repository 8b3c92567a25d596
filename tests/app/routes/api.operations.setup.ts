/**
 * What the /api/operations test files share: the real write path of one file (anvil with the
 * party contract and the wallet contracts, alto, Ponder filling the read model, Postgres with the
 * app's migrations; with `app: true` also the production server), the route modules called as
 * Remix calls them, software passkeys that sign real user operations, and ways to hold the chain
 * (anvil's automine off: nothing is mined until a test says so) and the indexer (SIGSTOP).
 *
 *   const ops = useOperationsStack();              // registers the file's hooks
 *   const sent = await ops.sendOperation(account, "applyForChapterMembership", { chapterId: "1" });
 *   await ops.register(sent, "applyForChapterMembership", { chapterId: "1" });
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { stringToHex, type Address, type Hex } from "viem";
import { formatUserOperationRequest, type RpcUserOperation } from "viem/account-abstraction";
import { callRequestBody } from "../../../app/calls/request.js";
import { DISCLOSURE_VERSION } from "../../../app/models/disclosures.server.js";
import { revertMessage } from "../../../app/calls/revert.js";
import type { OperationRecord } from "../../../app/utils/operation-status.js";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { startStack, type Stack } from "../../setup/stack.js";

type Routes = {
  operations: typeof import("../../../app/routes/api.operations.js");
  operation: typeof import("../../../app/routes/api.operations.$hash.js");
  calls: typeof import("../../../app/routes/api.calls.$operation.js");
  model: typeof import("../../../app/models/pending-operations.server.js");
  db: typeof import("../../../db/client.server.js");
};

export const BASE = "http://app.test";

export const loc = (name: string) => stringToHex(name, { size: 32 });

/** An operation a passkey account sent: its hash, the calls, and the signed operation as the bundler took it. */
export type Sent = { hash: Hex; sender: Address; calls: { to: Address; data: Hex; value: bigint }[]; userOperation: RpcUserOperation<"0.7"> };

export function useOperationsStack({ app = false }: { app?: boolean } = {}) {
  let stack: Stack;
  let routes: Routes;

  beforeAll(async () => {
    stack = await startStack({ seed: false, wallet: true, app });
    // env() and db/ read these when the app modules load or first use them: set them before.
    for (const key of ["APP_ORIGIN", "TRUST_PROXY"]) delete process.env[key];
    Object.assign(process.env, stack.appEnv);
    routes = {
      operations: await import("../../../app/routes/api.operations.js"),
      operation: await import("../../../app/routes/api.operations.$hash.js"),
      calls: await import("../../../app/routes/api.calls.$operation.js"),
      model: await import("../../../app/models/pending-operations.server.js"),
      db: await import("../../../db/client.server.js"),
    };
  }, 240_000);

  // Every in-process request comes from the same (unknown) client: each case starts with fresh counters.
  beforeEach(async () => {
    const { resetPostGuard } = await import("../../../app/utils/post-guard.server.js");
    await resetPostGuard();
  });

  afterAll(async () => {
    if (stack) {
      resumeIndexer();
      await stack.testClient.setAutomine(true).catch(() => undefined);
    }
    await routes?.db.closeDb();
    await stack?.stop();
  });

  // Each in-process read is a client of its own: polling one client would meet the lookup limit
  // (240 a minute per client), which tests/server/lookups.test.ts checks against the server.
  let reads = 0;
  const readerContext = () => ({ socketAddress: `10.26.${(reads >> 8) & 255}.${reads++ & 255}` });

  function post(path: string, body: unknown, params: Record<string, string> = {}, route: { action: (args: ActionFunctionArgs) => Promise<Response> } = routes.operations) {
    const request = new Request(`${BASE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return route.action({ request, params, context: {} });
  }

  async function get(hash: string): Promise<{ status: number; body: OperationRecord & { message?: string; field?: string } }> {
    const response = await routes.operation.loader({ request: new Request(`${BASE}/api/operations/${hash}`), params: { hash }, context: readerContext() } as LoaderFunctionArgs);
    return { status: response.status, body: (await response.json()) as OperationRecord & { message?: string } };
  }

  async function list(query: string): Promise<{ status: number; body: { operations?: OperationRecord[]; message?: string } }> {
    const response = await routes.operations.loader({ request: new Request(`${BASE}/api/operations?${query}`), params: {}, context: readerContext() } as LoaderFunctionArgs);
    return { status: response.status, body: (await response.json()) as { operations?: OperationRecord[] } };
  }

  /** The calls the app answers for a click (POST /api/calls/:operation). */
  async function callsFor(account: PartyAccount, operation: string, args: Record<string, unknown>) {
    // An applicant read /before-applying first (issue 28 item 5; app/services/apply-gate.server.ts).
    if (operation === "applyForChapterMembership") await confirmBeforeApplying(account.address);
    const response = await post(`/api/calls/${operation}`, callRequestBody({ from: account.address, args }), { operation }, routes.calls);
    const answer = (await response.json()) as { calls: { to: Address; data: Hex; value: string }[] };
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer.calls.map(({ to, data, value }) => ({ to, data, value: BigInt(value) }));
  }

  const confirmBeforeApplying = (account: Address) =>
    stack.query(`insert into app.disclosure_confirmations (account, version, language) values ($1, $2, 'en') on conflict (account) do nothing`, [
      account.toLowerCase(),
      DISCLOSURE_VERSION,
    ]);

  /** `count` fresh passkey accounts (not deployed until their first operation). */
  const newAccounts = (count: number) => Promise.all(Array.from({ length: count }, () => stack.wallet.account()));

  /** What the browser does for a click: the calls from the app, then the wallet signs and sends them. */
  async function sendOperation(account: PartyAccount, operation: string, args: Record<string, unknown>): Promise<Sent> {
    const calls = await callsFor(account, operation, args);
    const signed = await stack.wallet.signed(account, calls);
    const hash = await stack.wallet.send(signed);
    return { hash, sender: account.address, calls, userOperation: formatUserOperationRequest(signed) as RpcUserOperation<"0.7"> };
  }

  /** POST /api/operations (in process) as the browser sends it: with the signed operation. */
  const register = (sent: Sent, operation: string, args: Record<string, unknown>, extra: object = {}) =>
    post("/api/operations", { userOpHash: sent.hash, sender: sent.sender, operation, args, userOperation: sent.userOperation, ...extra });

  /** Reads until the record has `status`: the bundler's and the chain's answers are kept a second (advance.server.ts), so a change shows up to a second late. */
  async function pollUntil(hash: Hex, status: OperationRecord["status"], timeoutMs = 30_000): Promise<OperationRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await get(hash);
      if (body.status === status) return body;
      if (Date.now() > deadline) throw new Error(`${hash} still ${body.status}, expected ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Automine off: waits until anvil's pool holds `count` transactions (alto's bundles). */
  async function untilPending(count: number, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while ((await stack.testClient.getTxpoolStatus()).pending < count) {
      if (Date.now() > deadline) throw new Error(`anvil's pool never held ${count} transactions in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Automine off: waits until alto has put a bundle into anvil's pool (one transaction per bundle),
   * then mines one block with whatever the pool holds. A bundle alto sends later goes into a later
   * block: callers wait for the receipts they need (mineUntilIncluded).
   */
  async function mineBundle() {
    await untilPending(1);
    await stack.testClient.mine({ blocks: 1 });
  }

  /** Automine off: mines what alto sends until every one of the operations has its receipt (alto sends one bundle at a time). */
  async function mineUntilIncluded(hashes: Hex[], timeoutMs = 45_000) {
    const bundler = stack.wallet.bundlerClient;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const receipts = await Promise.all(hashes.map((hash) => bundler.getUserOperationReceipt({ hash }).catch(() => undefined)));
      if (receipts.every(Boolean)) {
        const failed = await Promise.all(
          receipts
            .filter((r) => !r!.success)
            .map(async (r) => {
              const op = await bundler.getUserOperation({ hash: r!.userOpHash });
              return `${r!.userOpHash} from ${r!.sender}: ${revertMessage(r!.reason)} (callGasLimit ${op.userOperation.callGasLimit}, verificationGasLimit ${op.userOperation.verificationGasLimit}, actualGasUsed ${r!.actualGasUsed}, tx gas used ${r!.receipt.gasUsed})`;
            }),
        );
        expect(failed, "operations that reverted").toEqual([]);
        return;
      }
      if (Date.now() > deadline) throw new Error(`not all of ${hashes.join(", ")} were included after ${timeoutMs} ms`);
      if ((await stack.testClient.getTxpoolStatus()).pending > 0) await stack.testClient.mine({ blocks: 1 });
      else await new Promise((r) => setTimeout(r, 50));
    }
  }

  function pauseIndexer() {
    process.kill(stack.indexer.process.pid!, "SIGSTOP");
  }
  function resumeIndexer() {
    try {
      process.kill(stack.indexer.process.pid!, "SIGCONT");
    } catch {
      // Not running.
    }
  }

  return {
    get stack() {
      return stack;
    },
    get routes() {
      return routes;
    },
    newAccounts,
    post,
    get,
    list,
    readerContext,
    callsFor,
    sendOperation,
    register,
    pollUntil,
    untilPending,
    mineBundle,
    mineUntilIncluded,
    pauseIndexer,
    resumeIndexer,
  };
}
