/**
 * The one schema module for the app: Ponder's on-chain tables, read through the views schema
 * (READ_MODEL_SCHEMA, default "party"), which Ponder points at the live build's tables. The app
 * never writes these; its own off-chain tables get a separate drizzle pgSchema here later.
 */
import { setDatabaseSchema } from "@ponder/client";
import * as onchain from "../indexer/ponder.schema";

export const READ_MODEL_SCHEMA = process.env.READ_MODEL_SCHEMA ?? "party";

setDatabaseSchema(onchain, READ_MODEL_SCHEMA);

export const {
  chapters,
  members,
  applications,
  recommendations,
  chapterExecutives,
  partyExecutives,
  executiveHistory,
  roleHolders,
  evaluations,
  votes,
  infoMessages,
  activity,
  partyTotals,
} = onchain;

export const schema = onchain;
