/** Where the scripts find this checkout, and where they keep local state between runs (`.data/`). */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** anvil's state file lives here, so the local chain survives restarts. */
export const ANVIL_DATA_DIR = join(ROOT, ".data", "anvil");
/** The embedded PostgreSQL's data, so dev data survives restarts. */
export const POSTGRES_DATA_DIR = join(ROOT, ".data", "postgres");
