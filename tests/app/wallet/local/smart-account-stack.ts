/**
 * What the local wallet's chain tests share: one stack per file with the wallet infrastructure
 * and an alto bundler (no demo data, indexer or app), stopped after the file with every process
 * it started, and the ERC-1271 answers.
 *
 *   useWalletStack();                                   // once, at the top of the test file
 *   const { account } = await stack.wallet.accountFor(key);
 *
 * `stack` is a live binding filled in useWalletStack's beforeAll: read it inside tests and hooks,
 * not at module level. Each test file has its own copy of this module.
 */
import { startStack, type Stack } from "../../../setup/stack.js";

export const ERC1271_MAGIC = "0x1626ba7e";
export const ERC1271_INVALID = "0xffffffff";

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
