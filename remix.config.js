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
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
