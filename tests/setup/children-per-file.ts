/**
 * Vitest setupFiles: after each test file, the processes it started and left running (a stack one
 * of several started with Promise.all, a stop cut short by a hook timeout) are killed, and so are
 * they when vitest ends the worker with SIGTERM, which never reaches the `exit` handlers of
 * killWithParent. See ./children.ts.
 */
import { afterAll, expect, inject } from "vitest";
import { REGISTER_VARIABLE, registerChild, sweepChildren } from "../../scripts/lib/child-register.js";
import { noteSwept, WORKER } from "./children.js";

const register = inject("childRegister");
if (register) {
  process.env[REGISTER_VARIABLE] = register;
  // The worker itself, for a run that ends without ending its workers (Ctrl-C).
  registerChild(process.pid, WORKER, process.ppid);
  const sweep = (when: string) => {
    const killed = sweepChildren(register, { owner: process.pid });
    const file = expect.getState().testPath?.replace(`${process.cwd()}/`, "") ?? "a test file";
    noteSwept(register, killed.map((e) => `${e.what} (pid ${e.pid}): ${when} ${file}`));
  };
  afterAll(() => sweep("after"));
  // Then the signal's own default, to end the worker (vitest's workers refuse process.exit).
  process.once("SIGTERM", () => {
    sweep("worker ended by SIGTERM in");
    process.kill(process.pid, "SIGTERM");
  });
}
