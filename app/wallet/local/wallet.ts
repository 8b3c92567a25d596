/**
 * The local back-end: a passkey (navigator.credentials) owning a PartyAccount, user operations
 * prepared, sponsored by the local SponsorPaymaster and sent through the same-origin JSON-RPC
 * proxy (/api/alchemy-rpc forwards chain methods to anvil and bundler methods to alto). Loaded
 * only by a dynamic import when someone signs up, signs in or signs.
 *
 * localStorage holds the passkey's `{ id, publicKey }` and, for a passkey added to an account, the
 * account (passkey.ts); the account is rebuilt from it on demand, and a signature always asks the
 * passkey. Sign-in finds the account through the read model (account-lookup.ts) and checks on
 * chain that the passkey still owns it; so does every write before it is signed.
 */
import { createPublicClient, defineChain, getAddress, http, pad, type Address, type Hex } from "viem";
import { createBundlerClient, formatUserOperationRequest, toWebAuthnAccount, type RpcUserOperation } from "viem/account-abstraction";
import { polygon } from "viem/chains";
import { partyAccountFactoryAbi } from "../../../abis/party-account-factory";
import { AccountNotAvailableError, WalletActionError } from "../errors";
import { waitForWalletReceipt, type SentOperation } from "../replace";
import type { WalletConfig } from "../../ground/wallet-config";
import type { SignerStatus, Wallet, WalletUser } from "../types";
import { findOwnedAccount } from "./account-lookup";
import { assertPasskey, clearPasskey, createPasskey, loadPasskey, savePasskey, type StoredPasskey } from "./passkey";
import { NOT_AN_OWNER, ownerFromPublicKey, toPartyAccount, type PartyAccount } from "./smart-account";
import { localSponsor } from "./sponsor";

export const LOCAL_ORG_ID = "local";

export function createLocalWallet(config: WalletConfig, storage: Storage = localStorage): Wallet {
  if (!config.local) throw new Error("The local wallet needs the local wallet contracts' addresses (walletConfig().local)");
  const addresses = config.local;
  const rpcUrl = new URL(config.rpcPath, window.location.origin).href;
  const chain = defineChain({ ...polygon, id: config.chainId, rpcUrls: { default: { http: [rpcUrl] } } });
  const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1 }) });
  const bundlerClient = createBundlerClient({
    client,
    chain,
    transport: http(rpcUrl, { retryCount: 1 }),
    paymaster: localSponsor(addresses.paymaster),
  });

  /** What each operation sent from this page was signed with, for a replacement when it is stuck. */
  const sent = new Map<Hex, SentOperation>();
  /** Each operation sent from this page as the bundler took it, for the server's proof of it. */
  const signed = new Map<Hex, RpcUserOperation<"0.7">>();
  let status: SignerStatus = loadPasskey(storage) ? "connected" : "disconnected";
  let account: { passkey: StoredPasskey; account: PartyAccount } | undefined;
  const listeners = new Set<() => void>();
  const set = (next: SignerStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };

  async function accountFor(passkey: StoredPasskey): Promise<PartyAccount> {
    if (account?.passkey.id === passkey.id) return account.account;
    const built = await toPartyAccount({
      client,
      owner: toWebAuthnAccount({ credential: passkey }),
      factory: addresses.factory,
      webAuthnVerifier: addresses.webAuthnVerifier,
      ...(passkey.account ? { address: passkey.account } : {}),
    });
    account = { passkey, account: built };
    return built;
  }

  async function currentAccount(): Promise<PartyAccount> {
    const passkey = loadPasskey(storage);
    if (!passkey) throw new AccountNotAvailableError();
    return accountFor(passkey);
  }

  const userOf = (passkey: StoredPasskey, address: Address): WalletUser => ({ address, orgId: LOCAL_ORG_ID, userId: passkey.id, email: null });

  /** The counterfactual address of the account a key would own alone (the factory's CREATE2). */
  const addressOf = (publicKey: Hex) =>
    client.readContract({
      address: addresses.factory,
      abi: partyAccountFactoryAbi,
      functionName: "getAddress",
      args: [[ownerFromPublicKey(publicKey, addresses.webAuthnVerifier)], pad("0x", { size: 32 })],
    });

  /**
   * Which of the candidate keys is the passkey's: the one whose account exists on chain; if
   * neither or both do, a second signature (with another challenge) leaves only the true key.
   */
  async function recover(first: { id: string; candidates: Hex[] }): Promise<StoredPasskey> {
    if (first.candidates.length === 1) return { id: first.id, publicKey: first.candidates[0]! };
    const deployed = await Promise.all(first.candidates.map(async (key) => Boolean(await client.getCode({ address: await addressOf(key) }))));
    if (deployed.filter(Boolean).length === 1) return { id: first.id, publicKey: first.candidates[deployed.indexOf(true)]! };
    const second = await assertPasskey();
    if (second.id !== first.id) throw new WalletActionError("Two different passkeys answered: choose the same passkey twice");
    const common = first.candidates.filter((key) => second.candidates.includes(key));
    if (common.length !== 1) throw new WalletActionError("The passkey's public key could not be recovered");
    return { id: first.id, publicKey: common[0]! };
  }

  async function authenticate(run: () => Promise<StoredPasskey>): Promise<WalletUser> {
    set("authenticating");
    try {
      const passkey = await run();
      const built = await accountFor(passkey);
      // A removed passkey still finds the account its key created: it must own it now (SPEC 5).
      await built.getOwners();
      savePasskey(storage, passkey);
      set("connected");
      return userOf(passkey, getAddress(built.address));
    } catch (error) {
      if (error instanceof Error && error.message === NOT_AN_OWNER) forget();
      set(loadPasskey(storage) ? "connected" : "error");
      throw error;
    }
  }

  /** The stored passkey signs for nothing any more (or is logged out). */
  function forget() {
    clearPasskey(storage);
    account = undefined;
  }

  return {
    backend: "local",
    get status() {
      return status;
    },
    get address() {
      return account?.account.address;
    },
    get user() {
      return account ? userOf(account.passkey, account.account.address) : undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signUp: () => authenticate(createPasskey),
    signIn: () =>
      authenticate(async () => {
        const assertion = await assertPasskey();
        const known = loadPasskey(storage);
        const isKnown = known?.id === assertion.id && assertion.candidates.includes(known.publicKey.toLowerCase() as Hex);
        const candidates = isKnown ? [known.publicKey] : assertion.candidates;
        // An account that lists one of the keys as its owner: the passkey's (another device's, perhaps).
        const owned = await findOwnedAccount({ candidates, verifier: addresses.webAuthnVerifier, fetch: (...args) => window.fetch(...args) });
        if (owned) return { id: assertion.id, ...owned };
        // Else the account its key alone creates.
        return isKnown ? { id: known.id, publicKey: known.publicKey } : recover(assertion);
      }),
    async logout() {
      forget();
      set("disconnected");
    },
    async hasAccount() {
      const passkey = loadPasskey(storage);
      if (!passkey) return false;
      await accountFor(passkey);
      return true;
    },
    async sendCalls(calls) {
      const smartAccount = await currentAccount();
      // A passkey removed on another device: SPEC 8's "on-chain owners does not include the current signer", before a signature.
      await smartAccount.getOwners();
      // Prepared and signed here, so that what was sent (nonce, fees) is known for a replacement.
      const request = await bundlerClient.prepareUserOperation({ account: smartAccount, calls: calls.map(({ to, data, value }) => ({ to, data, value })) });
      const signature = await smartAccount.signUserOperation(request);
      const hash = await bundlerClient.sendUserOperation({ ...request, account: smartAccount, signature });
      sent.set(hash, { calls, nonce: request.nonce, maxFeePerGas: request.maxFeePerGas, maxPriorityFeePerGas: request.maxPriorityFeePerGas });
      signed.set(hash, formatUserOperationRequest({ ...request, signature }) as RpcUserOperation<"0.7">);
      return hash;
    },
    signedUserOperation: (userOpHash) => signed.get(userOpHash),
    async signTypedData(typedData) {
      const smartAccount = await currentAccount();
      return smartAccount.signTypedData(typedData);
    },
    async signMessage(message) {
      return (await currentAccount()).signMessage({ message });
    },
    async waitForReceipt(userOpHash, onStatus) {
      const original = sent.get(userOpHash);
      const replace = original && {
        sent: original,
        sendUserOperation: async ({ calls, ...fees }: SentOperation) =>
          bundlerClient.sendUserOperation({ account: await currentAccount(), calls: calls.map(({ to, data, value }) => ({ to, data, value })), ...fees }),
      };
      return waitForWalletReceipt({ bundlerClient, hash: userOpHash, onStatus, replace });
    },
  };
}
