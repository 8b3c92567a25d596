/**
 * SPEC 2: the sign-in flow reads, then strips, the parameters an auth redirect (email link, OAuth
 * return) appends to the page address, so they are neither bookmarked nor shared nor read twice.
 * `readReturnParams` is pure; `stripReturnParams` applies it with history.replaceState.
 */

export const RETURN_PARAMS = [
  "bundle",
  "orgId",
  "alchemy-bundle",
  "alchemy-org-id",
  "alchemy-error",
  "alchemy-id-token",
  "aa-is-signup",
] as const;

export type ReturnParamName = (typeof RETURN_PARAMS)[number];

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

/** What an auth redirect brought back, in the names Account Kit's signer takes. */
export type AuthReturn = {
  bundle?: string;
  orgId?: string;
  idToken?: string;
  isSignup: boolean;
  error?: string;
};

export function authReturnOf(params: ReturnParams["params"]): AuthReturn | undefined {
  const bundle = params["alchemy-bundle"] ?? params.bundle;
  const orgId = params["alchemy-org-id"] ?? params.orgId;
  const error = params["alchemy-error"];
  if (!bundle && !error) return undefined;
  return {
    ...(bundle ? { bundle } : {}),
    ...(orgId ? { orgId } : {}),
    ...(params["alchemy-id-token"] ? { idToken: params["alchemy-id-token"] } : {}),
    isSignup: params["aa-is-signup"] === "true",
    ...(error ? { error } : {}),
  };
}

/** Reads the return parameters from the current address and replaces it with the stripped one. */
export function stripReturnParams(location: Pick<Location, "href">, history: Pick<History, "replaceState" | "state">): ReturnParams {
  const read = readReturnParams(location.href);
  if (read.stripped !== null) history.replaceState(history.state, "", read.stripped);
  return read;
}
