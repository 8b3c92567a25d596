/**
 * POST /api/command — signed commands to the app's backend (SPEC 7), sent with credentials.
 * Body (JSON): `{ message: { signer, command, signedAt, params }, signature? }`, see
 * app/utils/command-typed-data.ts for the typed data, the command names and a client helper.
 *
 * A session cookie (`__Host-session`) for `message.signer` authenticates a command; without one
 * the command must carry the signer's EIP-712 signature (EOA, ERC-1271 or ERC-6492), signed at
 * most 5 minutes ago and at most 30 s ahead, and each signed command is accepted once.
 *
 * 200 `{ ok: true, command, signer, ... }` (`log_in`: `expiresAt` and Set-Cookie;
 *     `log_out`: a Set-Cookie that clears the cookie; Telegram commands: `telegram`)
 * Failures answer `{ message, key, values }`: `message` in English, and the key of app/locales
 * (refusals.command, refusals.telegram …) with its values, which the wallet shows in the page's language:
 * 400 malformed body or params, signedAt outside the window, `<field> is not set`, Telegram data
 *     that does not verify or is more than 24 h old
 * 401 no session for the signer and no signature ("sign and resend"), or a signature that does
 *     not verify (wrong signer, chain or contract)
 * 403 cross-site request · 404 set_telegram_visibility or unlink_telegram with no linked account
 * 405 not POST · 409 the signed command was accepted before (replay), or a conflicting link
 * 413 body over 64 KB · 415 not JSON · 422 unknown command · 429 rate limit (Retry-After)
 * 500 unexpected · 503 database, chain (for smart-account signatures) or Telegram login not available
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleCommand } from "../services/command-action.server";
import { methodNotAllowed } from "../utils/http.server";
import { guardKeyedPost } from "../utils/post-guard.server";

export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const refused = await guardKeyedPost(request, { bucket: "command", context });
  if (refused) return refused;
  return handleCommand(request);
}
