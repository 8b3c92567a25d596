/**
 * `npm run documents`, the document fetcher (scripts/documents.ts), as a child process for
 * `npm run dev`, the tests and the benches (./script-process.ts).
 */
import { join } from "node:path";
import { ROOT } from "./paths.js";
import { startScriptProcess, type ScriptProcess } from "./script-process.js";

export const DOCUMENTS_ENTRY = join(ROOT, "scripts", "documents.ts");

export const startDocumentsProcess = ({ env, onOutput }: { env: Record<string, string>; onOutput?: (text: string) => void }): ScriptProcess =>
  startScriptProcess({ entry: DOCUMENTS_ENTRY, ready: /documents: fetching the content of/, env, onOutput });
