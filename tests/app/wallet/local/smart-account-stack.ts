/**
 * The stack smart-account.test.ts runs on: the wallet infrastructure and an alto bundler on a
 * chain without demo data (no indexer or app), and, once it has stopped, the check that none of
 * its processes still runs.
 *
 *   useWalletStack();                                   // once, at the top of the test file
 *   const { account } = await stack.wallet.accountFor(key);
 *
 * `stack` is a live binding filled in useWalletStack's beforeAll: read it inside tests and hooks,
 * not at module level.
 */
import { startStack, type Stack } from "../../../setup/stack.js";

export let stack: Stack;

/** Registers beforeAll/afterAll: the wallet stack, and after it stops, that anvil and alto are gone. */
export function useWalletStack() {
  let pids: (number | undefined)[] = [];
  beforeAll(async () => {
    stack = await startStack({ seed: false, indexer: false, app: false, wallet: true });
    pids = [stack.anvil.process.pid, stack.wallet.bundler.process.pid];
  });
  afterAll(async () => {
    await stack?.stop();
    for (const pid of pids) expect(isAlive(pid), `process ${pid} is still running`).toBe(false);
  });
}

/** Whether a process with this id still exists (signal 0 only checks). */
function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
