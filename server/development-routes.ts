/**
 * The development routes, every URL under /dev/ (the role granter, the Telegram login stand-in
 * that signs with the bot token): mounted with PARTY_ENV=local only. Elsewhere the server hands
 * Remix a route table without them, so each /dev/ URL is the app's 404 page for every method, and
 * none of their code runs. Each of them also answers 404 itself outside local (for `remix dev`,
 * which does not come through this server).
 */
import type { ServerBuild } from "@remix-run/node";

/** The first segment of every development route's path. */
const DEVELOPMENT_SEGMENT = "dev";

/** `build` as PARTY_ENV wants it: as it is for local, without the development routes elsewhere. */
export function mountedRoutes(build: ServerBuild, partyEnv: "local" | "production"): ServerBuild {
  if (partyEnv === "local") return build;
  const kept = (id: string) => !isDevelopment(build.routes, id);
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => kept(id)));
  // React's render builds its routes from the assets manifest: the same routes, or it finds no module for them.
  const assetRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => kept(id)));
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
}

/** A route whose full path (its own and its parents' joined) starts with /dev/. */
function isDevelopment(routes: ServerBuild["routes"], id: string): boolean {
  const segments: string[] = [];
  for (let route: (typeof routes)[string] | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(...route.path.split("/").filter(Boolean));
  }
  return segments[0] === DEVELOPMENT_SEGMENT;
}
