/** Ponder requires an API module; the baseline serves only Ponder's own /health, /ready, /status. */
import { Hono } from "hono";

export default new Hono();
