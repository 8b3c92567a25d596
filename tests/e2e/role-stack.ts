/**
 * What a role's browser test file shares: one write stack for the file (started before, stopped
 * after), a check after each test that no person's page reported a problem, and the locator of an
 * operation's form.
 *
 *   const ctx = useWriteStack(async (stack) => { ... sign up, grant ... }, { documents: true });
 *   it("...", async () => { const page = await ctx.stack.person("x") ... });
 */
import type { Page } from "playwright-core";
import { startWriteStack, type StartWriteStackParameters, type WriteStack } from "./write-stack.js";

export function useWriteStack(ready?: (stack: WriteStack) => Promise<void>, parameters?: StartWriteStackParameters): { stack: WriteStack } {
  const ctx = {} as { stack: WriteStack };
  beforeAll(async () => {
    ctx.stack = await startWriteStack(parameters);
    await ready?.(ctx.stack);
  }, 300_000);
  afterAll(() => ctx.stack?.stop());
  afterEach(() => {
    for (const person of ctx.stack?.people ?? []) expect(person.problems).toEqual([]);
  });
  return ctx;
}

/** The form that sends `operation` (OperationForm marks it). */
export const operationForm = (page: Page, operation: string) => page.locator(`form[data-operation='${operation}']`);
