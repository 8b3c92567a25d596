/**
 * The one schema module for the app: Ponder's on-chain tables, read through the views schema
 * (READ_MODEL_SCHEMA, default "party"), which Ponder points at the live build's tables, and the
 * app's own off-chain tables in the "app" schema (db/app-schema.ts). The app never writes the
 * on-chain tables.
 */
import { setDatabaseSchema } from "@ponder/client";
import * as onchain from "../indexer/ponder.schema";
import * as appTables from "./app-schema";

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

export * from "./app-schema";

export const schema = { ...onchain, ...appTables };
