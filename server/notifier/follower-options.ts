/**
 * The follower's settings from the environment (app/ground/env.server.ts), for `npm run notifier`.
 */
import { env, type Env } from "../../app/ground/env.server";
import type { FollowerOptions } from "./follower";

/**
 * NOTIFY_CONFIRMATIONS on Polygon when unset: 16 blocks, about 32 s at Polygon's 2 s blocks. Since
 * Heimdall v2 (2025) a milestone makes a block final within 2 to 5 s, one to three blocks; with
 * the first milestones (2023) Polygon's docs counted a block final about 16 blocks on, so 16
 * covers both with room to spare. A final block cannot be reorged, so nothing told is taken back,
 * and a message still arrives within about the minute a burst folds over. (Ponder's own 200 blocks for Polygon dates from the
 * probabilistic finality before milestones; here it would delay every message by seven minutes.)
 */
export const POLYGON_CONFIRMATIONS = 16;

/** Where the messages link when APP_ORIGIN is unset on the local chain: the dev server. */
const localOrigin = (port: number) => `http://localhost:${port}`;

/** The follower's options but its pool; throws when production lacks APP_ORIGIN (the messages' links). */
export function followerSettings(current: Env = env()): Omit<FollowerOptions, "pool"> {
  const { PARTY_ENV, NOTIFY_CONFIRMATIONS, NOTIFY_FOLD_SECONDS, APP_ORIGIN, READ_MODEL_SCHEMA, PORT } = current;
  if (!APP_ORIGIN && PARTY_ENV !== "local") {
    throw new Error("APP_ORIGIN is not set: the notifier's messages link to the app's public origin (https://party.example)");
  }
  return {
    readModelSchema: READ_MODEL_SCHEMA,
    confirmations: NOTIFY_CONFIRMATIONS ?? (PARTY_ENV === "local" ? 0 : POLYGON_CONFIRMATIONS),
    foldSeconds: NOTIFY_FOLD_SECONDS,
    appOrigin: APP_ORIGIN ?? localOrigin(PORT),
  };
}
