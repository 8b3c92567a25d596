/**
 * What the page tests share: one full stack per file (startStack(): the production server over
 * the seeded demo read model), the chain's own view of the same data (chainFacts), and `page()`,
 * which fetches a page that must answer 200 with the indexer's state in the status bar and nothing
 * internal.
 *
 *   usePagesStack();                      // once, at the top of the test file
 *   const home = await page("/");         // in a test; `stack` and `chain` are set by then
 *
 * `stack` and `chain` are live bindings filled in usePagesStack's beforeAll: read them inside
 * tests and hooks, not at module level. Each test file has its own copy of this module.
 */
import type { Address } from "viem";
import { chainFacts, type ChainFacts } from "../../setup/chain-facts.js";
import { errorOf, getCanonical, indexerStatus, leaksInternals, section, tableRows, type Page } from "../../setup/html.js";
import { startStack, type Stack } from "../../setup/stack.js";

export let stack: Stack;
export let chain: ChainFacts;
let indexedAtStart: bigint;

/** Registers beforeAll/afterAll: the full stack for this file. */
export function usePagesStack() {
  beforeAll(async () => {
    stack = await startStack();
    chain = chainFacts(stack);
    indexedAtStart = await stack.publicClient.getBlockNumber({ cacheTime: 0 });
  });
  afterAll(() => stack?.stop());
}

/** A page that must answer 200 with the indexer's state in the status bar and nothing internal. */
export async function page(path: string, base = stack.appUrl): Promise<Page> {
  const result = await getCanonical(base, path);
  expect(result.status, `${path}: ${errorOf(result)?.message}`).toBe(200);
  expect(leaksInternals(result.body), path).toBe(false);
  await expectIndexerStatus(result);
  return result;
}

export async function expectIndexerStatus(result: Page) {
  const status = indexerStatus(result);
  expect(status, "status bar").not.toBeNull();
  expect(BigInt(status!.block)).toBeGreaterThanOrEqual(indexedAtStart);
  expect(BigInt(status!.block)).toBeLessThanOrEqual(await stack.publicClient.getBlockNumber({ cacheTime: 0 }));
  expect(status!.secondsBehind).toBeLessThan(60);
}

export const applicants = (p: Page) => [...p.main.matchAll(/<tr data-applicant="([^"]*)"/g)].map((m) => m[1]);
export const rowsOf = (p: Page, heading?: string) => tableRows(heading ? section(p, heading) : p.main);

/** The key with the most items, and its items. */
export function mostBy<T>(items: T[], key: (item: T) => Address): [Address, T[]] {
  const groups = new Map<Address, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].reduce((a, b) => (b[1].length > a[1].length ? b : a));
}
