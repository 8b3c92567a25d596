/**
 * Floors only point down, and no import runs in a circle (issue #27, item 2): dependency-cruiser
 * reads the real import graph, type-only imports included, and every violation is printed as
 * "from -> to (rule)".
 */
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const OURS = "^(app|db|indexer|server|abis|scripts)/";

/**
 * The ground floor is `app/ground/`: new top-level directories are not allowed, `abis/` is
 * generated, and `db/` and `indexer/` are floors above it. Inside `app/` it is reached as
 * `~/ground/…` by the app and by a relative path from `db/`, `indexer/` and `server/`, and its
 * `*.server.ts` modules keep Remix's guarantee that they never reach the browser.
 */
const GROUND = "^app/ground/";

/** The floors of `app/`, lowest first: a module imports only from its own floor or lower ones. */
const APP_FLOORS: string[] = [
  // the ground: environment, pure helpers, codecs, shared vocabulary; nothing of ours but abis/
  "^app/ground/",
  // messages and their texts in each language
  "^app/(i18n|locales)/",
  // call-data builders and schemas, one per contract function, server and browser alike
  "^app/calls/",
  // helpers that know the product (sessions, page headers, proofs, operation statuses, the viewer)
  "^app/utils/",
  // documents published by content identifier
  "^app/documents/",
  // the world map's geometry and views
  "^app/map/",
  // everything that signs (browser only)
  "^app/wallet/",
  // read-model queries
  "^app/models/",
  // services talking to outside systems, and what a request does with them
  "^app/services/",
  // React components
  "^app/components/",
  // routes, the root and the entries: what Remix loads
  "^app/(routes/|root\\.tsx|entry\\.)",
];

const floorRules: IForbiddenRuleType[] = APP_FLOORS.slice(0, -1).map((floor, index) => ({
  name: `app floor ${floor.replace(/^\^app\//, "")}`,
  severity: "error",
  from: { path: floor },
  to: { path: APP_FLOORS.slice(index + 1) },
}));

const forbidden: IForbiddenRuleType[] = [
  { name: "no circular imports", severity: "error", from: {}, to: { circular: true } },
  {
    name: "abis/ imports nothing of ours",
    severity: "error",
    from: { path: "^abis/" },
    to: { path: OURS, pathNot: "^abis/" },
  },
  {
    name: "the ground imports only abis/",
    severity: "error",
    from: { path: GROUND },
    to: { path: OURS, pathNot: [GROUND, "^abis/"] },
  },
  {
    name: "db/ imports only the ground and abis/",
    severity: "error",
    from: { path: "^db/" },
    to: { path: OURS, pathNot: ["^db/", GROUND, "^abis/"] },
  },
  {
    name: "indexer/ imports only the ground and abis/",
    severity: "error",
    from: { path: "^indexer/" },
    to: { path: OURS, pathNot: ["^indexer/", GROUND, "^abis/"] },
  },
  {
    name: "app/ never imports server/, indexer/ or scripts/",
    severity: "error",
    from: { path: "^app/" },
    to: { path: "^(server|indexer|scripts)/" },
  },
  ...floorRules,
];

test("floors only point down and no import runs in a circle", async () => {
  const options: ICruiseOptions = {
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(indexer/(generated|\\.ponder)|build|public/build)/" },
  };
  const { output } = await cruise(
    ["app", "db", "indexer", "server", "abis", "scripts"],
    options,
    { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    { tsConfig: extractTSConfig("tsconfig.json") },
  );
  if (typeof output === "string") throw new Error("dependency-cruiser returned text, not a result");

  const violations = output.summary.violations.map((violation) => {
    const via = violation.cycle?.length
      ? ` via ${violation.cycle.map((step) => (typeof step === "string" ? step : step.name)).join(" -> ")}`
      : "";
    return `${violation.from} -> ${violation.to} (${violation.rule.name})${via}`;
  });
  for (const line of violations) console.log(line);

  // A graph that found nothing would pass every rule: the app's modules must be in it.
  const modules = output.modules.map((module) => module.source);
  expect(modules).toContain("app/root.tsx");
  expect(modules.filter((source) => source.startsWith("db/")).length).toBeGreaterThan(3);
  const unresolved = output.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => dependency.couldNotResolve && /^[.~]/.test(dependency.module))
      .map((dependency) => `${module.source} -> ${dependency.module} (cannot resolve)`),
  );
  expect(unresolved).toEqual([]);
  expect(violations).toEqual([]);
});
