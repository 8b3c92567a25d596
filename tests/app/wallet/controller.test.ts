/**
 * The wallet controller with a fake back-end, fetch and browser: sign-up and sign-in store only
 * the session and send log_in (401 → signed → 200); a failed command shows SPEC 8's text; logout
 * sends log_out and clears the stored session, the back-end and the wallet databases; an
 * operation without an account triggers the passkey login, reloads and says "Account not available".
 */
import type { Address, Hex } from "viem";
import "../../../app/i18n/i18n.server";
import { tFor } from "../../../app/i18n/instance";
import { localizeSpecText } from "../../../app/i18n/spec-texts";
import { createWalletController, FLASH_KEY, type WalletEnvironment } from "../../../app/wallet/controller";
import { SESSION_KEY, SESSION_TTL_MS } from "../../../app/wallet/session";
import type { WalletConfig } from "../../../app/ground/wallet-config";
import type { Wallet, WalletUser } from "../../../app/wallet/types";
import { MemoryStorage } from "../../fixtures/memory-storage";

const NOW = Date.UTC(2025, 0, 1);
const PARTY: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const config: WalletConfig = { backend: "local", chainId: 137, partyAddress: PARTY, rpcPath: "/api/alchemy-rpc" };
const USER: WalletUser = { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", orgId: "local", userId: "cred-1", email: null };
const SIGNATURE: Hex = "0xabcdef";

type Request = { url: string; body: { message: { signer: string; command: string; signedAt: string }; signature?: string } };

type Options = { stored?: object; commandStatus?: (r: Request) => number; hasAccount?: boolean; signInError?: Error; href?: string; backend?: WalletConfig["backend"] };

function setup({ stored, commandStatus = () => 200, hasAccount = true, signInError, href = "http://localhost/chapters/1?bundle=b&x=1", backend: kind = "local" }: Options = {}) {
  const storage = new MemoryStorage();
  const flashStorage = new MemoryStorage();
  if (stored) storage.setItem(SESSION_KEY, JSON.stringify(stored));
  const requests: Request[] = [];
  const calls: string[] = [];
  let connected = hasAccount;
  const backend: Wallet & { completeAuthReturn(authReturn: object): Promise<WalletUser> } = {
    backend: kind,
    status: "disconnected",
    get address() {
      return connected ? USER.address : undefined;
    },
    user: undefined,
    subscribe: () => () => undefined,
    signUp: async () => (calls.push("signUp"), (connected = true), USER),
    signIn: async () => {
      calls.push("signIn");
      if (signInError) throw signInError;
      connected = true;
      return USER;
    },
    logout: async () => void (calls.push("logout"), (connected = false)),
    hasAccount: async () => connected,
    sendCalls: async () => "0x01",
    signTypedData: async () => (calls.push("signTypedData"), SIGNATURE),
    signMessage: async () => SIGNATURE,
    waitForReceipt: async () => {
      throw new Error("not used");
    },
    // Account Kit finishing a login from the link (whatever it was given comes back in the error).
    completeAuthReturn: async (authReturn) => {
      calls.push("completeAuthReturn");
      throw new Error(`could not finish ${JSON.stringify(authReturn)}`);
    },
  };
  const environment: WalletEnvironment = {
    storage,
    flashStorage,
    location: { href, reload: () => void calls.push("reload") },
    history: { state: null, replaceState: (_s, _t, url) => void calls.push(`replaceState ${String(url)}`) },
    loadBackend: async () => (calls.push("loadBackend"), backend),
    clearDatabases: async () => calls.push("clearDatabases"),
    fetch: async (input, init) => {
      const request = { url: String(input), body: JSON.parse(String(init?.body)) as Request["body"] };
      requests.push(request);
      const status = commandStatus(request);
      const body = status === 200 ? { ok: true } : { message: status === 401 ? "Not signed in" : "Database down" };
      return new Response(JSON.stringify(body), { status });
    },
    now: () => NOW,
  };
  const controller = createWalletController({ ...config, backend: kind }, environment);
  return { controller, storage, flashStorage, requests, calls };
}

it("an auth return's alchemy-error is shown in our words, never the link's, and loads no back-end (issue #26)", async () => {
  const PHISHING = "Your account is locked. Call +1 555 0100 or visit evil.example";
  for (const [text, key] of [
    [PHISHING, "wallet.authReturn.failed"],
    ["OAuth cancelled", "wallet.authReturn.cancelled"],
  ] as const) {
    const { controller, calls } = setup({ backend: "alchemy", href: `http://localhost/evaluations?alchemy-error=${encodeURIComponent(text)}&chapter=1` });
    const snapshot = controller.getSnapshot();
    expect(JSON.stringify(snapshot)).not.toContain("evil.example");
    expect(snapshot.alert).toEqual({ text: expect.any(String), said: { key } });
    expect(snapshot.state).toEqual({ status: "disconnected" });
    for (const language of ["en", "de", "ar"]) {
      const shown = localizeSpecText(snapshot.alert!, tFor(language));
      expect(shown).toBe(tFor(language)(key));
      expect(shown).not.toContain("evil.example");
    }
    expect(calls).toEqual(["replaceState /evaluations?chapter=1"]);
  }
});

const command = (r: Request) => Buffer.from(r.body.message.command.slice(2), "hex").toString().replace(/\0+$/, "");

it("strips the return parameters and restores a stored session without loading a back-end", () => {
  const { controller, calls } = setup({ stored: { ...USER, expiresAt: NOW + 1000 } });
  expect(controller.getSnapshot().state).toEqual({ status: "connected", user: USER });
  expect(calls).toEqual(["replaceState /chapters/1?x=1"]);
});

it("is disconnected with an expired session, and forgets it", () => {
  const { controller, storage } = setup({ stored: { ...USER, expiresAt: NOW } });
  expect(controller.getSnapshot().state).toEqual({ status: "disconnected" });
  expect(storage.getItem(SESSION_KEY)).toBeNull();
});

it("signs up: stores only the session for 30 days, then log_in is signed after a 401", async () => {
  const { controller, storage, requests, calls } = setup({ commandStatus: (r) => (r.body.signature ? 200 : 401) });
  await controller.signUp();
  expect(controller.getSnapshot()).toMatchObject({ state: { status: "connected", user: USER }, alert: null });
  expect(storage.dump()).toEqual({ [SESSION_KEY]: { ...USER, expiresAt: NOW + SESSION_TTL_MS } });
  expect(requests.map((r) => [r.url, command(r), r.body.message.signer, r.body.signature ?? null])).toEqual([
    ["/api/command", "log_in", USER.address, null],
    ["/api/command", "log_in", USER.address, SIGNATURE],
  ]);
  expect(calls.filter((c) => !c.startsWith("replaceState"))).toEqual(["loadBackend", "signUp", "signTypedData"]);
});

it("shows a failed command as SPEC 8 says, and stays signed in", async () => {
  const { controller } = setup({ commandStatus: () => 503 });
  await controller.signIn();
  expect(controller.getSnapshot()).toMatchObject({ state: { status: "connected" } });
  expect(localizeSpecText(controller.getSnapshot().alert!, tFor("en"))).toBe("Error sending command: Database down (503)");
  controller.dismiss();
  expect(controller.getSnapshot().alert).toBeNull();
});

it("a failed sign-in is an error state with the reason, and stores nothing", async () => {
  const closed = Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" });
  const { controller, storage, requests } = setup({ signInError: closed });
  await controller.signIn();
  const state = controller.getSnapshot().state;
  expect(state.status === "error" && localizeSpecText(state.message, tFor("en"))).toBe("The passkey prompt was closed or timed out");
  expect(storage.dump()).toEqual({});
  expect(requests).toEqual([]);
  controller.dismiss();
  expect(controller.getSnapshot().state).toEqual({ status: "disconnected" });
});

it("logs out: log_out, the back-end disconnects, the stored session and the wallet databases are gone", async () => {
  const { controller, storage, requests, calls } = setup({ stored: { ...USER, expiresAt: NOW + 1000 } });
  storage.setItem("unrelated", "1");
  await controller.logout();
  expect(controller.getSnapshot().state).toEqual({ status: "disconnected" });
  expect(requests.map((r) => [command(r), r.body.signature ?? null])).toEqual([["log_out", null]]);
  expect(calls.filter((c) => !c.startsWith("replaceState"))).toEqual(["loadBackend", "logout", "clearDatabases"]);
  expect(storage.dump()).toEqual({ unrelated: 1 });
});

it("signs in again within the same second of logging out: a new log_in, a second on, not the one the server already took", async () => {
  const { controller, requests } = setup({ commandStatus: (r) => (r.body.signature ? 200 : 401) });
  await controller.signUp();
  await controller.logout();
  await controller.signIn();
  const signed = requests.filter((r) => r.body.signature).map((r) => [command(r), Number(r.body.message.signedAt)]);
  const second = Math.floor(NOW / 1000);
  expect(signed).toEqual([
    ["log_in", second],
    ["log_in", second + 2],
  ]);
  expect(controller.getSnapshot()).toMatchObject({ state: { status: "connected" }, alert: null });
});

it("gives the wallet and address for an operation when the account is there", async () => {
  const { controller, calls } = setup({ stored: { ...USER, expiresAt: NOW + 1000 } });
  const { address } = await controller.requireWallet();
  expect(address).toBe(USER.address);
  expect(calls).not.toContain("reload");
});

it("without an account: passkey login, reload, and 'Account not available' shown after the reload", async () => {
  const first = setup({ hasAccount: false });
  await expect(first.controller.requireWallet()).rejects.toThrow("Account not available");
  expect(first.calls.filter((c) => !c.startsWith("replaceState"))).toEqual(["loadBackend", "signIn", "reload"]);
  expect(JSON.parse(first.flashStorage.getItem(FLASH_KEY)!)).toEqual({ key: "wallet.accountNotAvailable" });
  // The reloaded page's controller shows it once.
  const environmentAfterReload = first.flashStorage;
  const second = createWalletController(config, {
    storage: first.storage,
    flashStorage: environmentAfterReload,
    location: { href: "http://localhost/chapters/1", reload: () => undefined },
    history: { state: null, replaceState: () => undefined },
    loadBackend: async () => {
      throw new Error("not loaded on start");
    },
    clearDatabases: async () => undefined,
    fetch: globalThis.fetch,
    now: () => NOW,
  });
  expect(second.getSnapshot()).toMatchObject({ state: { status: "connected", user: USER }, alert: { key: "wallet.accountNotAvailable" } });
  expect(localizeSpecText(second.getSnapshot().alert!, tFor("en"))).toBe("Account not available");
  expect(environmentAfterReload.getItem(FLASH_KEY)).toBeNull();
});
