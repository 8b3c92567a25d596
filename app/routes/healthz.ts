/** Liveness for the container platform: the web process answers. */
export function loader() {
  return new Response("ok", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
}
