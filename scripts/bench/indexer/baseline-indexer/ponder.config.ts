/**
 * The benchmark's baseline indexer uses exactly the product's configuration (chain, RPC fan-out,
 * polling interval, contract, start block): only the handlers and the schema differ.
 */
export { default } from "../../../../indexer/ponder.config";
