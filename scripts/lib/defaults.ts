/**
 * The local stack's defaults, each written once. The environment variable named beside each one
 * overrides it.
 */

/** READ_MODEL_SCHEMA: the views schema in which the indexer publishes the read model. */
export const DEFAULT_VIEWS_SCHEMA = "party";
/** CHAIN_PORT */
export const DEFAULT_CHAIN_PORT = 8545;
/** EMBEDDED_PG_PORT */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;
/** INDEXER_PORT */
export const DEFAULT_INDEXER_PORT = 42069;
/** BUNDLER_PORT */
export const DEFAULT_BUNDLER_PORT = 4337;
/** PORT: the web app's. */
export const DEFAULT_APP_PORT = 3000;
/** IPFS_PORT: the local IPFS node's (Kubo's RPC port; its trustless gateway is on the same one). */
export const DEFAULT_IPFS_PORT = 5001;
