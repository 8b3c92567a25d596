/**
 * A stuck operation replaced with fees × 1.1 (SPEC 9), on the real write path
 * (api.operations.setup.ts): the bundler takes the replacement while the original waits in its
 * mempool, and the registration's `replaces` fails the original; once the original is in a bundle
 * the bundler refuses the replacement and the wallet waits on for the original.
 */
import { toHex, type Hex } from "viem";
import { formatUserOperationRequest, type UserOperation } from "viem/account-abstraction";
import { mnemonicToAccount } from "viem/accounts";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import type { PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { bumpFee, replaceUserOperation, waitForReceiptOrReplace } from "../../../app/wallet/replace.js";
import { ANVIL_MNEMONIC } from "../../../scripts/lib/accounts.js";
import { ADMIN, BOB } from "../../fixtures/accounts.js";
import { startWalletServices } from "../../setup/wallet-services.js";
import { loc, useOperationsStack } from "./api.operations.setup.js";

const ops = useOperationsStack();
let executive: PartyAccount;
let applicant: PartyAccount;

beforeAll(async () => {
  const { stack } = ops;
  [executive, applicant] = await ops.newAccounts(2);
  await stack.send(ADMIN, "addChapterToParty", [[[executive.address], [BOB.address]], [loc("Berlin"), loc("Hamburg")], [1, 2], [3, 4]]);
  await stack.send(ADMIN, "promotePartyExecutive", [executive.address]);
  await stack.wallet.sendAndWait(applicant, await ops.callsFor(applicant, "applyForChapterMembership", { chapterId: "1" }));
}, 120_000);

describe("a stuck operation replaced with fees × 1.1", () => {
  it("while it waits in the bundler's mempool, the bundler takes the replacement (same nonce) and drops it; `replaces` fails the old one", async () => {
    const { stack } = ops;
    // A second alto on the chain that bundles only when told to: the operation waits in its mempool.
    // It is the app's bundler for this case, as the wallet's proxy would be.
    const key = (index: number) => toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey!);
    const manual = await startWalletServices({ rpcUrl: stack.rpcUrl, publicClient: stack.publicClient }, { bundleMode: "manual", executorKey: key(6), utilityKey: key(7) });
    process.env.BUNDLER_RPC_URL = manual.bundler.url;
    try {
      const args = { account: applicant.address, approved: true };
      const calls = await ops.callsFor(executive, "updateMemberApplicationForChapter", args);
      const original = await manual.signed(executive, calls);
      const hash = await manual.send(original);
      const register = (userOpHash: Hex, signed: UserOperation<"0.7">, extra: object = {}) =>
        ops.post("/api/operations", {
          userOpHash,
          sender: executive.address,
          operation: "updateMemberApplicationForChapter",
          args,
          userOperation: formatUserOperationRequest(signed),
          ...extra,
        });
      expect((await register(hash, original)).status).toBe(201);

      let replacementOperation: UserOperation<"0.7"> | undefined;
      const { hash: replacement, sent } = await replaceUserOperation({
        // Signed here (as the local wallet does) so that the registration can carry it.
        sendUserOperation: async (request) => {
          const prepared = await manual.bundlerClient.prepareUserOperation({ account: executive, ...request });
          replacementOperation = { ...prepared, signature: await executive.signUserOperation(prepared) } as UserOperation<"0.7">;
          return manual.send(replacementOperation);
        },
        sent: { calls, nonce: original.nonce, maxFeePerGas: original.maxFeePerGas, maxPriorityFeePerGas: original.maxPriorityFeePerGas },
      });
      expect(replacement).not.toBe(hash);
      expect(sent).toMatchObject({ nonce: original.nonce, maxFeePerGas: bumpFee(original.maxFeePerGas), maxPriorityFeePerGas: bumpFee(original.maxPriorityFeePerGas) });
      expect((await register(replacement, replacementOperation!, { replaces: hash })).status).toBe(201);
      expect((await ops.get(hash)).body).toMatchObject({
        status: "failed",
        error: { message: `Replaced by ${replacement.toLowerCase()}`, key: "wallet.lifecycle.replaced", values: { by: replacement.toLowerCase() } },
      });

      await manual.bundleNow();
      const landed = await manual.bundlerClient.waitForUserOperationReceipt({ hash: replacement, pollingInterval: 50, timeout: 10_000 });
      expect(landed.success).toBe(true);
      // On chain it is the replacement that ran, with the original's nonce and the raised fees.
      const onChain = await manual.bundlerClient.getUserOperation({ hash: replacement });
      expect(onChain.userOperation).toMatchObject({ nonce: original.nonce, maxFeePerGas: bumpFee(original.maxFeePerGas), maxPriorityFeePerGas: bumpFee(original.maxPriorityFeePerGas) });
      await expect(manual.bundlerClient.getUserOperationReceipt({ hash })).rejects.toThrow();
      expect(await ops.pollUntil(replacement, "indexed")).toMatchObject({ error: null });
      expect(await stack.read.read.memberChapter([applicant.address])).toBe(1n);
    } finally {
      process.env.BUNDLER_RPC_URL = stack.appEnv.BUNDLER_RPC_URL;
      await manual.stop();
    }
  });

  it("once the bundler has sent it in a bundle, it refuses the replacement (AA25): waitForReceiptOrReplace waits on for the original", async () => {
    const { stack } = ops;
    const account = await stack.wallet.account();
    const calls = await ops.callsFor(account, "applyForChapterMembership", { chapterId: "2" });
    await stack.testClient.setAutomine(false);
    try {
      const original = await stack.wallet.signed(account, calls);
      const hash = await stack.wallet.send(original);
      await ops.untilPending(1); // alto has sent its bundle; the chain holds it

      const events: LifecycleEvent[] = [];
      const refusals: string[] = [];
      const waiting = waitForReceiptOrReplace({
        bundlerClient: stack.wallet.bundlerClient,
        hash,
        sent: { calls, nonce: original.nonce, maxFeePerGas: original.maxFeePerGas, maxPriorityFeePerGas: original.maxPriorityFeePerGas },
        sendUserOperation: (request) =>
          stack.wallet.bundlerClient.sendUserOperation({ account, ...request }).catch((error: unknown) => {
            refusals.push(error instanceof Error ? error.message : String(error));
            throw error;
          }),
        // A short schedule (the SPEC's is 26 s).
        retries: 2,
        intervalMs: 200,
        onStatus: (e) => events.push(e),
      });
      for (let i = 0; i < 200 && refusals.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(refusals).toHaveLength(1);
      // "AA25 invalid account deployment: Another deployment operation for this sender is already
      // being processed" here (its first operation); "AA25 invalid account nonce: Another
      // UserOperation with same sender and nonce is already being processed" for later ones.
      expect(refusals[0]).toMatch(/AA25 invalid account .*already being processed/);
      await stack.testClient.mine({ blocks: 1 });
      const result = await waiting;
      expect(result.hash).toBe(hash);
      expect(result.receipt.success).toBe(true);
      expect(events.map((e) => e.status)).toEqual(["stuck", "included"]);
    } finally {
      await stack.testClient.setAutomine(true);
    }
  });
});
