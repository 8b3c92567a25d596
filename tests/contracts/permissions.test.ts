/**
 * docs/permissions.md, row by row: for every row an allowed caller succeeds and disallowed callers
 * (or bad input) get exactly the documented errors. The table is parsed from the document, so a
 * row added there without a case here, or an error documented but never provoked, fails. The
 * cases, their steps and the world they start from: permission-steps.ts and the permission-rows-*
 * modules beside it.
 */
import { readFileSync } from "node:fs";
import { getAddress } from "viem";
import { partyAbi } from "../../abis/party.js";
import { ADMIN } from "../fixtures/accounts.js";
import { expectRevert, implementationSlot, mined, useChain } from "./helpers.js";
import { permissionWorld, type Row } from "./permission-steps.js";
import { ADMINISTRATION_ROWS } from "./permission-rows-administration.js";
import { MEMBERSHIP_ROWS } from "./permission-rows-membership.js";

const ctx = useChain(permissionWorld);

const ROWS: Row[] = [...MEMBERSHIP_ROWS, ...ADMINISTRATION_ROWS];

/** The table of docs/permissions.md: first column (as written) and the documented errors. */
function documentedRows(): { fn: string; errors: string[] }[] {
  const doc = readFileSync(new URL("../../docs/permissions.md", import.meta.url), "utf8");
  return doc
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      const [fn, , errors] = cells.slice(1, 4);
      return { fn, errors: [...errors.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort() };
    });
}

const stepErrors = (row: Row) => [...new Set(row.steps.flatMap((s) => (s.expect === "ok" ? [] : [s.expect])))].sort();

describe("docs/permissions.md", () => {
  it("has a case here for every row, and no case for a row it lacks", () => {
    const documented = documentedRows().map((r) => r.fn);
    expect(documented.length).toBeGreaterThanOrEqual(20);
    expect(ROWS.map((r) => r.fn).sort()).toEqual([...documented].sort());
  });

  it.each(ROWS.map((row) => [row.fn, row] as const))("%s: the cases provoke exactly the documented errors", (_fn, row) => {
    const doc = documentedRows().find((r) => r.fn === row.fn);
    expect(doc?.errors).toEqual(stepErrors(row));
    expect(row.steps.some((s) => s.expect === "ok")).toBe(true);
  });

  it("documents every custom error of the contract", () => {
    const documented = new Set(documentedRows().flatMap((r) => r.errors));
    const own = ["AlreadyApplied", "AlreadyJoined", "HasNotApplied", "InvalidInput", "NotAChapter", "NotAMember"];
    const more = ["NotAnAdmin", "NotAnEvaluation", "NotAnExecutive", "InvalidInitialization"];
    expect([...documented].sort()).toEqual([...own, ...more].sort());
    const abiErrors = new Set<string>(partyAbi.filter((item) => item.type === "error").map((item) => item.name));
    for (const name of documented) expect(abiErrors.has(name), name).toBe(true);
  });
});

describe("permission table, row by row", () => {
  it.each(ROWS.map((row) => [row.fn, row] as const))("%s", async (_fn, row) => {
    const { tc } = ctx;
    const implementationBefore = await implementationSlot(tc);
    for (const step of row.steps) {
      const label = `${step.as === ADMIN ? "ADMIN" : getAddress(step.as.address)} ${step.does}`;
      try {
        if (step.expect === "ok") {
          const receipt = await mined(tc, step.call(tc.party(step.as), tc));
          expect(receipt.logs.length, "an allowed call emits events").toBeGreaterThan(0);
        } else {
          await expectRevert(step.call(tc.party(step.as), tc), step.expect);
        }
      } catch (error) {
        throw new Error(`${row.fn}: "${label}" should ${step.expect === "ok" ? "succeed" : `fail with ${step.expect}`}`, {
          cause: error,
        });
      }
    }
    if (!row.fn.includes("upgradeToAndCall")) expect(await implementationSlot(tc)).toBe(implementationBefore);
  });
});
