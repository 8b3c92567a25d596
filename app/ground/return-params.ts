/**
 * The parameters an auth redirect (email link, OAuth return) appends to a page address (SPEC 2):
 * the wallet reads and strips them (app/wallet/return-params.ts), and the server leaves them out of
 * canonical addresses and cache keys (app/utils/canonical-url.server.ts, server/index.ts).
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
