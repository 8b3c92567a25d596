/**
 * The production back-end (WALLET_BACKEND=alchemy): Account Kit's signer with passkey auth and
 * its Modular Account v2, behind the same Wallet interface as the local back-end. Loaded only by
 * a dynamic import when someone signs in or signs (its chunk is ~1.7 MB).
 *
 * Account Kit is hook-based, so it runs in a small React root of its own (hidden, appended to
 * <body>): `AlchemyAccountProvider` with a bridge component whose hooks (useSignerStatus,
 * useUser, useSmartAccountClient, useAuthenticate) feed the Wallet object below. The pages'
 * React tree is never wrapped or remounted for it.
 *
 * User operations go through the smart account client (`client.sendUserOperation({ uo: [...] })`,
 * one batched operation), not `useSendUserOperation`: since Account Kit 4.x that hook sends
 * through Alchemy's wallet API (wallet_prepareCalls at `${rpcUrl}/v2`), which our proxy does not
 * forward; the client speaks the ERC-4337 methods the proxy allows (SPEC 7).
 */
import { disconnect } from "@account-kit/core";
import { AlchemyAccountProvider, useAuthenticate, useSigner, useSignerStatus, useSmartAccountClient, useUser } from "@account-kit/react";
import type { AuthParams } from "@account-kit/signer";
import { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { getAddress, hexToBigInt, http, type Hex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { polygon } from "viem/chains";
import { AccountNotAvailableError, WalletActionError } from "../errors";
import { waitForWalletReceipt } from "../replace";
import { authReturnAlert, type AuthReturn } from "../return-params";
import type { WalletConfig } from "../../ground/wallet-config";
import { PASSKEY_NAME, type SignerStatus, type Wallet, type WalletPasskey, type WalletUser } from "../types";
import { createAlchemyConfig } from "./config.client";
import { signerStatusOf } from "./status";

type Client = NonNullable<ReturnType<typeof useSmartAccountClient>["client"]>;
type AccountKitUser = NonNullable<ReturnType<typeof useUser>>;

type Signer = NonNullable<ReturnType<typeof useSigner>>;

type Snapshot = {
  status: SignerStatus;
  user: AccountKitUser | null;
  signer: Signer | null;
  client: Client | undefined;
  error: Error | undefined;
  authenticate: (params: AuthParams) => Promise<unknown>;
};

/** How long to wait for Account Kit to create the account client after a login. */
const CLIENT_TIMEOUT_MS = 30_000;

export type AlchemyWallet = Wallet & {
  /** Finishes a login an auth redirect came back from (SPEC 2's return parameters). */
  completeAuthReturn(authReturn: AuthReturn): Promise<WalletUser>;
};

export function mountAlchemyWallet(config: WalletConfig): Promise<AlchemyWallet> {
  const accountKit = createAlchemyConfig(config);
  const queryClient = new QueryClient();
  const rpcUrl = new URL(config.rpcPath, window.location.origin).href;
  const bundlerClient = createBundlerClient({ chain: polygon, transport: http(rpcUrl) });

  /** What each operation sent from this page was, for Account Kit's drop-and-replace when it is stuck. */
  const sent = new Map<Hex, Awaited<ReturnType<Client["sendUserOperation"]>>["request"]>();
  let latest: Snapshot | undefined;
  const listeners = new Set<() => void>();
  const waiters = new Set<() => void>();

  function waitFor<T>(pick: (snapshot: Snapshot) => T | undefined, what: string, timeoutMs = CLIENT_TIMEOUT_MS): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = latest && pick(latest);
        if (value === undefined) return false;
        cleanup();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new WalletActionError(`${what} did not come within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      if (!check()) waiters.add(check);
    });
  }

  const userOf = (snapshot: Snapshot): WalletUser | undefined =>
    snapshot.client && snapshot.user
      ? { address: getAddress(snapshot.client.account.address), orgId: snapshot.user.orgId, userId: snapshot.user.userId, email: snapshot.user.email ?? null }
      : undefined;

  async function login(params: AuthParams): Promise<WalletUser> {
    const current = await waitFor((s) => (s.status === "initializing" ? undefined : s), "The wallet");
    await current.authenticate(params);
    return waitFor(userOf, "The smart account");
  }

  async function connected(): Promise<Snapshot> {
    const current = await waitFor((s) => (s.status === "initializing" ? undefined : s), "The wallet");
    if (current.status !== "connected") throw new AccountNotAvailableError();
    return current;
  }

  async function client(): Promise<Client> {
    await connected();
    return waitFor((s) => s.client, "The smart account");
  }

  async function signer(): Promise<Signer> {
    const { signer } = await connected();
    if (!signer) throw new AccountNotAvailableError();
    return signer;
  }

  const wallet: AlchemyWallet = {
    backend: "alchemy",
    get status() {
      return latest?.status ?? "initializing";
    },
    get address() {
      return latest && userOf(latest)?.address;
    },
    get user() {
      return latest && userOf(latest);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signUp: () => login({ type: "passkey", createNew: true, username: PASSKEY_NAME }),
    signIn: () => login({ type: "passkey", createNew: false }),
    completeAuthReturn(authReturn) {
      // The controller shows a return error itself; this is only a second line (our sentence, never the link's).
      if (authReturn.error) {
        const alert = authReturnAlert(authReturn.error);
        return Promise.reject(new WalletActionError(alert.text, alert.said));
      }
      if (authReturn.bundle && authReturn.orgId && authReturn.idToken) {
        return login({ type: "oauthReturn", bundle: authReturn.bundle, orgId: authReturn.orgId, idToken: authReturn.idToken, isNewUser: authReturn.isSignup });
      }
      if (authReturn.bundle) return login({ type: "email", bundle: authReturn.bundle, orgId: authReturn.orgId, isNewUser: authReturn.isSignup });
      return Promise.reject(new WalletActionError("The sign-in link is incomplete"));
    },
    async logout() {
      await disconnect(accountKit);
      // Account Kit and wagmi keep their state under these prefixes; the signer is not persisted by us.
      for (const storage of [localStorage, sessionStorage]) {
        for (const key of Object.keys(storage)) if (/^(alchemy|wagmi)/.test(key)) storage.removeItem(key);
      }
    },
    async hasAccount() {
      try {
        await client();
        return true;
      } catch {
        return false;
      }
    },
    async sendCalls(calls) {
      const { hash, request } = await (await client()).sendUserOperation({
        uo: calls.map(({ to, data, value }) => ({ target: to, data, value })),
      });
      sent.set(hash, request);
      return hash;
    },
    signedUserOperation(userOpHash) {
      const request = sent.get(userOpHash);
      // Modular Account v2 sends EntryPoint v0.7 operations (v0.6 ones carry initCode instead).
      return request && !("initCode" in request) ? request : undefined;
    },
    async signTypedData(typedData) {
      return (await client()).signTypedData({ typedData });
    },
    async signMessage(message) {
      return (await client()).signMessage({ message });
    },
    async addPasskey() {
      // Account Kit's add-passkey: the browser creates a passkey, and Alchemy's signer service adds it to the user.
      await (await signer()).addPasskey();
    },
    async listPasskeys(): Promise<WalletPasskey[]> {
      const { passkeys } = await (await signer()).listAuthMethods();
      return passkeys.map(({ authenticatorId, name, createdAt }) => ({ id: authenticatorId, name, createdAt }));
    },
    async waitForReceipt(userOpHash, onStatus) {
      const request = sent.get(userOpHash);
      // Account Kit's own drop-and-replace re-sends the request with fees raised by at least 10 %.
      const replace = request && {
        sent: { calls: [], nonce: hexToBigInt(request.nonce), maxFeePerGas: hexToBigInt(request.maxFeePerGas), maxPriorityFeePerGas: hexToBigInt(request.maxPriorityFeePerGas) },
        sendUserOperation: async () => (await (await client()).dropAndReplaceUserOperation({ uoToDrop: request })).hash,
      };
      return waitForWalletReceipt({ bundlerClient, hash: userOpHash, onStatus, replace });
    },
  };

  return new Promise((resolve) => {
    const container = document.createElement("div");
    container.id = "party-alchemy-wallet";
    container.hidden = true;
    document.body.append(container);
    const onChange = (snapshot: Snapshot) => {
      latest = snapshot;
      for (const check of [...waiters]) check();
      for (const listener of listeners) listener();
      resolve(wallet);
    };
    createRoot(container).render(
      <AlchemyAccountProvider config={accountKit} queryClient={queryClient}>
        <Bridge onChange={onChange} />
      </AlchemyAccountProvider>,
    );
  });
}

/** Renders nothing: reports what Account Kit's hooks say whenever it changes. */
function Bridge({ onChange }: { onChange: (snapshot: Snapshot) => void }) {
  const signer = useSignerStatus();
  const alchemySigner = useSigner();
  const user = useUser();
  const { client, error } = useSmartAccountClient({ type: "ModularAccountV2" });
  const { authenticateAsync, error: authError } = useAuthenticate();
  const status = signerStatusOf(signer, authError ?? signer.error);
  useEffect(() => {
    onChange({
      status,
      user: user ?? null,
      signer: alchemySigner,
      client: status === "connected" ? client : undefined,
      error: error ?? authError ?? undefined,
      authenticate: authenticateAsync,
    });
  }, [status, user, alchemySigner, client, error, authError, authenticateAsync, onChange]);
  return null;
}
