/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler: Remix 2.17 with esbuild; Vite is not used (see README, "How it is built").
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
