/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler: Remix 2.17 with esbuild; Vite is not used (see README, "How it is built").
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Account Kit's browser bundle (loaded lazily, only when someone signs in or signs) reaches Node
  // built-ins through its dependencies (WalletConnect, Solana web3.js, cipher-base, bc-ur).
  browserNodeBuiltinsPolyfill: {
    modules: { buffer: true, events: true, stream: true, string_decoder: true, assert: true },
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: with ~30 routes the whole manifest is one small static file, and lazy discovery cost
    // every server render two more route matches and a manifest of its own (~10% of an uncached
    // chapter page's CPU, docs/decisions/0009); navigation needs no /__manifest round trip either.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
