/**
 * SPEC 2: the sign-in flow reads, then strips, the parameters an auth redirect (email link, OAuth
 * return) appends to the page address, so they are neither bookmarked nor shared nor read twice.
 * `readReturnParams` is pure; `stripReturnParams` applies it with history.replaceState.
 *
 * Anyone can write a link with these parameters, so what a person reads about a return is ours:
 * `alchemy-error`'s text becomes one of a few kinds ({@link AuthReturnError}), each with our own
 * sentence in the page's language ({@link authReturnAlert}); the parameter's words are never shown.
 */
import { RETURN_PARAMS, type ReturnParamName } from "../ground/return-params";
import { message } from "../i18n/message";
import type { KeyedText } from "../i18n/spec-texts";

export type ReturnParams = {
  /** The parameters that were present (an empty value counts as present). */
  params: Partial<Record<ReturnParamName, string>>;
  /** The address without them (path, remaining query and hash kept), or null when there were none. */
  stripped: string | null;
};

export function readReturnParams(href: string): ReturnParams {
  const url = new URL(href);
  const params: Partial<Record<ReturnParamName, string>> = {};
  for (const name of RETURN_PARAMS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    params[name] = value;
    url.searchParams.delete(name);
  }
  if (Object.keys(params).length === 0) return { params, stripped: null };
  return { params, stripped: `${url.pathname}${url.search}${url.hash}` };
}

/** What went wrong on the way back, as far as we say: the person closed or refused the provider's prompt, or anything else. */
export type AuthReturnError = "cancelled" | "failed";

/** What an auth redirect brought back, in the names Account Kit's signer takes; `error` is a kind, never the parameter's text. */
export type AuthReturn = {
  bundle?: string;
  orgId?: string;
  idToken?: string;
  isSignup: boolean;
  error?: AuthReturnError;
};

/** The kind of an `alchemy-error`: Account Kit's "OAuth cancelled" and OAuth 2's `access_denied` are a cancel, anything else a failure. */
export function authReturnErrorOf(text: string): AuthReturnError {
  return /cancel|access_denied/i.test(text) ? "cancelled" : "failed";
}

export function authReturnOf(params: ReturnParams["params"]): AuthReturn | undefined {
  const bundle = params["alchemy-bundle"] ?? params.bundle;
  const orgId = params["alchemy-org-id"] ?? params.orgId;
  const error = params["alchemy-error"];
  // An empty alchemy-error is still an error return.
  if (!bundle && error === undefined) return undefined;
  return {
    ...(bundle ? { bundle } : {}),
    ...(orgId ? { orgId } : {}),
    ...(params["alchemy-id-token"] ? { idToken: params["alchemy-id-token"] } : {}),
    isSignup: params["aa-is-signup"] === "true",
    ...(error === undefined ? {} : { error: authReturnErrorOf(error) }),
  };
}

/** Our sentence for each return error: SPEC 8's "OAuth cancelled" where it has one (the English is the fallback of the key). */
const RETURN_ERROR_TEXTS: Record<AuthReturnError, { key: string; english: string }> = {
  cancelled: { key: "wallet.authReturn.cancelled", english: "OAuth cancelled" },
  failed: { key: "wallet.authReturn.failed", english: "Sign-in did not complete. Please try again." },
};

/** What the wallet shows for a return error, said in the page's language. */
export function authReturnAlert(error: AuthReturnError): KeyedText {
  const { key, english } = RETURN_ERROR_TEXTS[error];
  return { text: english, said: message(key) };
}

/** Reads the return parameters from the current address and replaces it with the stripped one. */
export function stripReturnParams(location: Pick<Location, "href">, history: Pick<History, "replaceState" | "state">): ReturnParams {
  const read = readReturnParams(location.href);
  if (read.stripped !== null) history.replaceState(history.state, "", read.stripped);
  return read;
}
