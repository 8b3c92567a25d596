/**
 * العربية: المفاتيح نفسها التي في الإنجليزية (tests/app/i18n/keys.test.ts).
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

const ar: Messages = { ...common, ...meta, ...browse, ...map, ...personal, ...proofs, ...wallet, ...calls, ...documents, ...refusals, ...notify };
export default ar;
