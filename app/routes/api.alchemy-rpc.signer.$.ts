/**
 * /api/alchemy-rpc/signer/* — Account Kit's passkey signer talks to Alchemy's signer service under
 * `${rpcUrl}/signer/v1/...` (SPEC 7: whoami, lookup, sign-payload, signup, auth, otp,
 * prepare-oauth; plus signer-config). In production the request is forwarded with the API key
 * added here, so the key never reaches the browser; locally there is no such service (the local
 * back-end signs with its own passkey account), which this says plainly.
 *
 * POST only, behind the "signin" limit (10 a minute per client): the signer service takes POSTs
 * alone (SPEC 7), so a GET is a 405 and never reaches it with our key.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "../ground/env.server";
import { json, methodNotAllowed } from "../utils/http.server";
import { guardPost } from "../utils/post-guard.server";
import { readLimited } from "../ground/read-limited";
import { MAX_UPSTREAM_BYTES } from "../services/rpc-proxy/methods";

const SIGNER_SERVICE = "https://api.g.alchemy.com/signer/";
const PATHS = new Set(["v1/whoami", "v1/lookup", "v1/sign-payload", "v1/signup", "v1/auth", "v1/otp", "v1/prepare-oauth", "v1/signer-config"]);
const MAX_BODY = 64 * 1024;

async function forward(request: Request, path: string | undefined): Promise<Response> {
  if (!path || !PATHS.has(path)) return json(404, { message: `Unknown signer path "${String(path).slice(0, 80)}"` });
  const { PARTY_ENV, ALCHEMY_API_KEY, RPC_PROXY_TIMEOUT_MS } = env();
  if (PARTY_ENV !== "production" || !ALCHEMY_API_KEY) {
    return json(501, { message: "The Alchemy signer service is not available here: the local wallet back-end signs with its own passkey account." });
  }
  const body = await readLimited(request, MAX_BODY);
  if (body === undefined) return json(413, { message: "The request body is larger than 64 KB" });
  try {
    const upstream = await fetch(SIGNER_SERVICE + path, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ALCHEMY_API_KEY}` },
      body,
      signal: AbortSignal.timeout(RPC_PROXY_TIMEOUT_MS),
    });
    // The answer is the service's JSON; the key was only in our request headers.
    const answer = await readLimited(upstream, MAX_UPSTREAM_BYTES);
    if (answer === undefined) return json(502, { message: "The signer service answered with more than we accept" });
    return new Response(answer, { status: upstream.status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return json(timedOut ? 504 : 502, { message: timedOut ? "The signer service did not answer in time" : "The signer service is not reachable" });
  }
}

export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const refused = await guardPost(request, { bucket: "signin", context });
  if (refused) return refused;
  return forward(request, params["*"]);
}
