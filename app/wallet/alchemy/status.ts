/**
 * Account Kit's signer status in the SPEC 4 terms the UI uses. Kept apart from the Account Kit
 * modules so it is testable without loading the SDK.
 */
import type { SignerStatus } from "../types";

/** The shape of Account Kit's `useSignerStatus()` result. */
export type AccountKitSignerStatus = {
  status: string;
  isInitializing: boolean;
  isAuthenticating: boolean;
  isConnected: boolean;
  isDisconnected: boolean;
};

export function signerStatusOf(signer: AccountKitSignerStatus, error?: Error | null): SignerStatus {
  if (signer.isConnected) return "connected";
  if (signer.isInitializing) return "initializing";
  // AUTHENTICATING_* and AWAITING_* (email link, one-time code, MFA): the person is mid-login.
  if (signer.isAuthenticating || signer.status.startsWith("AWAITING_")) return "authenticating";
  if (error) return "error";
  return "disconnected";
}
