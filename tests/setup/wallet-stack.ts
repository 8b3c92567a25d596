/**
 * A real anvil with the party contract and the wallet infrastructure (EntryPoint v0.7, WebAuthn
 * verifier, PartyAccount factory, sponsoring paymaster) deployed, and a real alto bundler in front
 * of it. One per test file; `stop()` ends both processes.
 */
import { http, type Hex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { localSponsor } from "../../app/wallet/local/sponsor.js";
import { toPartyAccount, type ToPartyAccountParameters } from "../../app/wallet/local/smart-account.js";
import { startBundler } from "../../scripts/lib/bundler.js";
import { deployWalletInfra } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { setupChain } from "./chain.js";
import { createSoftwarePasskey, type SoftwarePasskey } from "../fixtures/software-passkey.js";

export async function setupWalletStack() {
  const chain = await setupChain();
  try {
    const infra = await deployWalletInfra({ rpcUrl: chain.rpcUrl, deployer: ADMIN });
    const bundler = await startBundler({ rpcUrl: chain.rpcUrl });
    const bundlerClient = createBundlerClient({
      client: chain.publicClient,
      transport: http(bundler.url),
      paymaster: localSponsor(infra.paymaster),
      pollingInterval: 50,
    });

    /** The PartyAccount signed by `passkey` (a fresh software passkey when unset). */
    async function accountFor(
      passkey: SoftwarePasskey = createSoftwarePasskey(),
      options: Partial<Omit<ToPartyAccountParameters, "client" | "owner">> = {},
    ) {
      const account = await toPartyAccount({ client: chain.publicClient, owner: passkey.account, ...infra, ...options });
      return { passkey, account };
    }

    /** Sends the calls as one user operation and waits for its receipt. */
    async function send(account: Awaited<ReturnType<typeof accountFor>>["account"], calls: { to: Hex; data: Hex }[]) {
      const hash = await bundlerClient.sendUserOperation({ account, calls });
      return bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 });
    }

    return {
      ...chain,
      infra,
      bundler,
      bundlerClient,
      accountFor,
      send,
      stop: async () => {
        await bundler.stop();
        await chain.stop();
      },
    };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

export type WalletStack = Awaited<ReturnType<typeof setupWalletStack>>;

/** Whether a process with this id still exists (signal 0 only checks). */
export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
