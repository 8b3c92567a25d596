/**
 * The wallet session in the browser: one instance per page (module singleton), used by the
 * header's sign-in widget and by every write button. It owns the SPEC 4 signer state, the stored
 * session (session.ts), the sign-in return parameters (return-params.ts) and the `log_in` /
 * `log_out` commands; it loads a signing back-end (local or Account Kit) by dynamic import only
 * when someone signs up, signs in, signs or logs out. Nothing here signs, and nothing here imports
 * viem at load: every page fetches this module after hydration, so it stays a few KB; the command
 * helpers (viem's encoding) come with the first sign-in or logout.
 */
import type { Address } from "viem";
import { isMessage } from "../i18n/message";
import type { SpecText } from "../i18n/spec-texts";
import { clearWalletDatabases } from "./databases";
import { ACCOUNT_NOT_AVAILABLE, AccountNotAvailableError } from "./errors";
import { authReturnAlert, authReturnOf, stripReturnParams, type AuthReturn } from "./return-params";
import { clearSession, loadSession, newSession, saveSession, type StoredSession } from "./session";
import { initialSignerState, transition, type AuthMethod, type SignerEvent, type SignerState } from "./signer-state";
import type { WalletConfig } from "../ground/wallet-config";
import type { Wallet, WalletUser } from "./types";

/** A message to show once after the next page load (SPEC 8: "the page reloads and the error is ..."), stored as its JSON `{ key, values }`. */
export const FLASH_KEY = "party.wallet.flash";

/** The stored flash as what a page shows: its message, or the text as it was stored. */
function flashAlert(stored: string): SpecText {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (isMessage(parsed)) return parsed;
  } catch {
    // Not a message: shown as it is.
  }
  return stored;
}

export type WalletSnapshot = {
  config: WalletConfig;
  state: SignerState;
  /** An alert for the person: a failed command (with the server's keyed message), "Account not available", ... */
  alert: SpecText | null;
  /** Counts the server session's changes (log_in done, log_out sent): the page reloads its data on each. */
  sessionChanges: number;
};

export type WalletController = {
  getSnapshot(): WalletSnapshot;
  subscribe(listener: () => void): () => void;
  signUp(): Promise<void>;
  signIn(): Promise<void>;
  logout(): Promise<void>;
  /** Clears the alert (and an error state). */
  dismiss(): void;
  /** Shows an alert (e.g. what a write button could not do). */
  alert(message: SpecText): void;
  /**
   * The signing wallet and the member's address for an operation. Without an account (not signed
   * in, or the signer is gone), SPEC 8: triggers the passkey login, reloads the page and throws
   * "Account not available", which the reloaded page shows.
   */
  requireWallet(): Promise<{ wallet: Wallet; address: Address }>;
};

type Backend = Wallet & { completeAuthReturn?(authReturn: AuthReturn): Promise<WalletUser> };

let instance: WalletController | undefined;

/** The page's controller; the first call's configuration wins (it comes from the root loader). */
export function walletController(config: WalletConfig): WalletController {
  instance ??= createWalletController(config);
  return instance;
}

export type WalletEnvironment = {
  storage: Storage;
  flashStorage: Storage;
  location: Pick<Location, "href" | "reload">;
  history: Pick<History, "replaceState" | "state">;
  loadBackend(config: WalletConfig): Promise<Backend>;
  clearDatabases(): Promise<unknown>;
  fetch: typeof globalThis.fetch;
  now(): number;
};

const browserEnvironment = (): WalletEnvironment => ({
  storage: window.localStorage,
  flashStorage: window.sessionStorage,
  location: window.location,
  history: window.history,
  loadBackend,
  clearDatabases: () => clearWalletDatabases(),
  fetch: (...args) => window.fetch(...args),
  now: Date.now,
});

/** The signing back-end, by dynamic import: the only way any signing code reaches the browser. */
async function loadBackend(config: WalletConfig): Promise<Backend> {
  if (config.backend === "alchemy") {
    const { mountAlchemyWallet } = await import("./alchemy/wallet.client");
    return mountAlchemyWallet(config);
  }
  const { createLocalWallet } = await import("./local/wallet");
  return createLocalWallet(config);
}

const userOfSession = ({ address, orgId, userId, email }: StoredSession): WalletUser => ({ address, orgId, userId, email });

const commands = () => import("../utils/command-typed-data");

async function describe(error: unknown): Promise<SpecText> {
  const { describeWalletError } = await import("./describe-error");
  return describeWalletError(error);
}

export function createWalletController(config: WalletConfig, environment: WalletEnvironment = browserEnvironment()): WalletController {
  const { storage, flashStorage } = environment;
  let snapshot: WalletSnapshot = { config, state: initialSignerState, alert: null, sessionChanges: 0 };
  const listeners = new Set<() => void>();
  let backend: Promise<Backend> | undefined;

  const update = (next: Partial<WalletSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const dispatch = (event: SignerEvent) => update({ state: transition(snapshot.state, event) });
  const wallet = () => (backend ??= environment.loadBackend(config));

  // Start: strip the auth redirect's parameters, show a flash from before a reload, restore the session.
  const { params } = stripReturnParams(environment.location, environment.history);
  const authReturn = authReturnOf(params);
  const flash = flashStorage.getItem(FLASH_KEY);
  if (flash !== null) {
    flashStorage.removeItem(FLASH_KEY);
    snapshot = { ...snapshot, alert: flashAlert(flash) };
  }
  const stored = loadSession(storage, environment.now());
  snapshot = {
    ...snapshot,
    state: transition(snapshot.state, stored ? { type: "restored", user: userOfSession(stored) } : { type: "none" }),
  };
  if (authReturn?.error && config.backend === "alchemy") {
    // Our sentence, never the link's words; nothing to finish, so no back-end is loaded.
    snapshot = { ...snapshot, alert: authReturnAlert(authReturn.error) };
  } else if (authReturn && config.backend === "alchemy") {
    void authenticate("sign-in", async (w) => {
      if (!w.completeAuthReturn) throw new Error("This wallet does not take sign-in links");
      return w.completeAuthReturn(authReturn);
    });
  }

  // A command's message is its signer, name, params and second: two log_ins within one second
  // (sign up, log out, sign in again) would be one signed command, which the server accepts once
  // (409 "already accepted"). Each command this wallet sends is at least a second after the last
  // (the server takes up to COMMAND_MAX_FUTURE_SECONDS ahead).
  let lastCommandMs = 0;
  const commandTime = () => (lastCommandMs = Math.max(environment.now(), lastCommandMs + 1000));

  /** log_in (SPEC 7): the server learns the member; 401 → sign the command → session cookie. */
  async function logIn(w: Wallet, user: WalletUser) {
    const { CommandError, newCommandMessage, sendCommand } = await commands();
    try {
      await sendCommand({
        message: newCommandMessage(user.address, "log_in", [], commandTime()),
        sign: (typedData) => w.signTypedData(typedData),
        verifyingContract: config.partyAddress,
        fetch: environment.fetch,
      });
      update({ sessionChanges: snapshot.sessionChanges + 1 });
    } catch (error) {
      // A CommandError's alert is SPEC 8's "Error sending command: {message} ({status})", its message keyed when the server gave a key.
      update({ alert: error instanceof CommandError ? error.alert : await describe(error) });
    }
  }

  async function authenticate(method: AuthMethod, run: (w: Backend) => Promise<WalletUser>): Promise<void> {
    if (snapshot.state.status === "authenticating") return;
    dispatch({ type: "start", method });
    update({ alert: null });
    let user: WalletUser;
    let w: Backend;
    try {
      w = await wallet();
      user = await run(w);
    } catch (error) {
      dispatch({ type: "fail", message: await describe(error) });
      return;
    }
    saveSession(storage, newSession(user, environment.now()));
    dispatch({ type: "ok", user });
    await logIn(w, user);
  }

  async function logout(): Promise<void> {
    const signedIn = snapshot.state.status === "connected" ? snapshot.state.user : loadSession(storage, environment.now());
    if (signedIn) {
      const { CommandError, newCommandMessage, sendCommand } = await commands();
      // Needs no signature: it ends whatever session this browser holds (see api.command.ts).
      await sendCommand({
        message: newCommandMessage(signedIn.address, "log_out", [], commandTime()),
        sign: () => Promise.reject(new Error("log_out needs no signature")),
        verifyingContract: config.partyAddress,
        fetch: environment.fetch,
      }).catch(async (error: unknown) => update({ alert: error instanceof CommandError ? error.alert : await describe(error) }));
    }
    try {
      await (await wallet()).logout();
    } catch (error) {
      update({ alert: await describe(error) });
    }
    clearSession(storage);
    await environment.clearDatabases();
    dispatch({ type: "logout" });
    update({ sessionChanges: snapshot.sessionChanges + 1 });
  }

  async function requireWallet(): Promise<{ wallet: Wallet; address: Address }> {
    const state = snapshot.state;
    if (state.status === "connected") {
      const w = await wallet();
      if ((await w.hasAccount()) && w.address?.toLowerCase() === state.user.address.toLowerCase()) {
        return { wallet: w, address: state.user.address };
      }
    }
    // SPEC 8: trigger the passkey login, reload, and say "Account not available".
    flashStorage.setItem(FLASH_KEY, JSON.stringify(ACCOUNT_NOT_AVAILABLE));
    try {
      await authenticate("sign-in", (w) => w.signIn());
    } finally {
      environment.location.reload();
    }
    throw new AccountNotAvailableError();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signUp: () => authenticate("sign-up", (w) => w.signUp()),
    signIn: () => authenticate("sign-in", (w) => w.signIn()),
    logout,
    dismiss() {
      update({ alert: null });
      if (snapshot.state.status === "error") dispatch({ type: "dismiss" });
    },
    alert: (message) => update({ alert: message }),
    requireWallet,
  };
}
