/**
 * The signer's status as the UI shows it (SPEC 4): a pure state machine. Events that make no
 * sense in a state (a second sign-in while one is running, a logout while signed out) leave it
 * unchanged, so a double click cannot put the UI in a state the wallet is not in.
 *
 *   initializing ──restored──► connected ──logout/expired──► disconnected
 *        │                        ▲                             │   ▲
 *        └──────none─────────► disconnected ◄──cancel──┐     start  │
 *                                 │                    │        ▼   │
 *                                 └──start──► authenticating ──fail──► error ──start──► authenticating
 *                                                  │                   │
 *                                                  └──ok──► connected  └──dismiss──► disconnected
 */
import type { SignerStatus, WalletUser } from "./types";
import type { SpecText } from "../i18n/spec-texts";

export type AuthMethod = "sign-up" | "sign-in";

export type SignerState =
  | { status: "initializing" }
  | { status: "disconnected" }
  | { status: "authenticating"; method: AuthMethod }
  | { status: "connected"; user: WalletUser }
  | { status: "error"; message: SpecText };

export type SignerEvent =
  | { type: "restored"; user: WalletUser }
  | { type: "none" }
  | { type: "start"; method: AuthMethod }
  | { type: "ok"; user: WalletUser }
  | { type: "fail"; message: SpecText }
  | { type: "cancel" }
  | { type: "logout" }
  | { type: "expired" }
  | { type: "dismiss" };

export const initialSignerState: SignerState = { status: "initializing" };

export function transition(state: SignerState, event: SignerEvent): SignerState {
  switch (state.status) {
    case "initializing":
      if (event.type === "restored") return { status: "connected", user: event.user };
      if (event.type === "none") return { status: "disconnected" };
      // A sign-in may start before the stored session was read (a click right after hydration).
      if (event.type === "start") return { status: "authenticating", method: event.method };
      return state;
    case "disconnected":
      if (event.type === "start") return { status: "authenticating", method: event.method };
      return state;
    case "authenticating":
      if (event.type === "ok") return { status: "connected", user: event.user };
      if (event.type === "fail") return { status: "error", message: event.message };
      if (event.type === "cancel") return { status: "disconnected" };
      return state;
    case "connected":
      if (event.type === "logout" || event.type === "expired") return { status: "disconnected" };
      // "Account not available": the stored session is there, the signer is not; log in again.
      if (event.type === "start") return { status: "authenticating", method: event.method };
      return state;
    case "error":
      if (event.type === "start") return { status: "authenticating", method: event.method };
      if (event.type === "dismiss" || event.type === "logout") return { status: "disconnected" };
      return state;
  }
}
