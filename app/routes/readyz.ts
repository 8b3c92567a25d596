/**
 * Readiness for a load balancer (beside /healthz, liveness): 200 while this server can serve pages,
 * 503 with the reason while the database does not answer within a second or the read model is not
 * in it (db/health.server.ts); ready again by itself once they are back. Never cached: the page
 * cache keeps only what opts in with Surrogate-Control (server/page-cache.ts), and no-store says
 * so to everything between.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PROBE_TIMEOUT_MS, readiness } from "../../db/health.server";
import { message } from "../i18n/message";
import { localText } from "../utils/http.server";

const NO_STORE = { "cache-control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const now = await readiness({ fresh: true });
  if (now.ready) return new Response("ready", { headers: { "content-type": "text/plain", ...NO_STORE } });
  const said = message(`refusals.notReady.${now.reason}`, { seconds: PROBE_TIMEOUT_MS / 1000, schema: now.schema });
  return localText(request, said, 503, NO_STORE);
}
