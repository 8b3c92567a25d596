/**
 * Ponder requires an API module. The product reads the read model through the views schema from
 * the Remix app (db/), so the indexer only serves Ponder's own /health, /ready and /status.
 */
import { Hono } from "hono";

export default new Hono();
