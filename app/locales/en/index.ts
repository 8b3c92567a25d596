/**
 * English, the product's first language: every string the pages show. Other languages have the
 * same keys (tests/app/i18n/keys.test.ts); a new language copies this folder (docs/languages.md).
 */
import type { Messages } from "../types";
import browse from "./browse";
import calls from "./calls";
import documents from "./documents";
import map from "./map";
import common from "./common";
import meta from "./meta";
import notify from "./notify";
import personal from "./personal";
import proofs from "./proofs";
import refusals from "./refusals";
import wallet from "./wallet";

const en: Messages = { ...common, ...meta, ...browse, ...map, ...personal, ...proofs, ...wallet, ...calls, ...documents, ...refusals, ...notify };
export default en;
