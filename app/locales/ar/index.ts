/**
 * العربية: المفاتيح نفسها التي في الإنجليزية (tests/app/i18n/keys.test.ts).
 */
import type { Messages } from "../types";
import browse from "./browse";
import common from "./common";
import meta from "./meta";
import personal from "./personal";
import proofs from "./proofs";
import wallet from "./wallet";

const ar: Messages = { ...common, ...meta, ...browse, ...personal, ...proofs, ...wallet };
export default ar;
