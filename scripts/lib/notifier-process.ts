/**
 * `npm run notifier` as a child process (scripts/notifier.ts), for `npm run dev`, the tests and
 * bench:notify (./script-process.ts).
 *
 *   const notifier = startNotifierProcess({ env: { DATABASE_URL, TELEGRAM_API_URL, ... } });
 *   await notifier.ready();  …  await notifier.kill();   // SIGKILL, as a crash
 */
import { join } from "node:path";
import { ROOT } from "./paths.js";
import { startScriptProcess, type ScriptProcess } from "./script-process.js";

export const NOTIFIER_ENTRY = join(ROOT, "scripts", "notifier.ts");

export type NotifierProcess = ScriptProcess;

export const startNotifierProcess = ({ env, onOutput }: { env: Record<string, string>; onOutput?: (text: string) => void }): NotifierProcess =>
  startScriptProcess({ entry: NOTIFIER_ENTRY, ready: /notifier: following the activity of/, env, onOutput });
