/**
 * The on-chain read model: the tables the indexer writes, defined by idea in schema/ and gathered
 * here, the one module Ponder (and everything else) imports them from. The app reads them (never
 * writes) through the views schema, see db/query.server.ts.
 *
 * Counters (members, executives, pending applications, votes, score sums) are kept by the
 * handlers so that no page aggregates a large table. Every lookup the app makes has an index;
 * tests/app runs EXPLAIN on each query against a large data set.
 *
 * Ponder's build id hashes this file only, not what it imports; the schema name the scripts give
 * each build (scripts/lib/indexer.ts, indexerSchemaName) covers schema/ as well.
 */
export * from "./schema/chapters";
export * from "./schema/members";
export * from "./schema/executives";
export * from "./schema/contract";
export * from "./schema/evaluations";
export * from "./schema/info";
export * from "./schema/activity";
export * from "./schema/user-operations";
export * from "./schema/accounts";
