/**
 * Upgrade safety of the party contract's storage (docs/decisions/0006): all of its state lives in
 * one ERC-7201 namespace, as OpenZeppelin's upgradeable parents keep theirs, so no parent or later
 * version can land on it by declaring a variable; and the namespace's layout only grows.
 * contracts/Party.storage-layout.json is the committed layout: a new version may append members (to
 * the namespace or to a struct kept in a mapping) but never move, retype or drop one. After an
 * intended, compatible change: UPDATE_STORAGE_LAYOUT=1 npx vitest run tests/contracts/storage-layout.test.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { encodeAbiParameters, getAddress, hexToBigInt, keccak256, pad, toHex, type Hex } from "viem";
import { ADMIN, GRACE } from "../fixtures/accounts.js";
import { mined, seedWorld, useChain } from "./helpers.js";

const require = createRequire(import.meta.url);
const ROOT = new URL("../../", import.meta.url);
const SNAPSHOT = new URL("contracts/Party.storage-layout.json", ROOT);
const NAMESPACE = "party.storage.Party";
const V2_NAMESPACE = "party.storage.PartyV2";

/** keccak256(abi.encode(uint256(keccak256(id)) - 1)) & ~bytes32(uint256(0xff)), as in ERC-7201. */
function erc7201(id: string): Hex {
  const inner = hexToBigInt(keccak256(toHex(id))) - 1n;
  const outer = hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }], [inner])));
  return toHex(outer & ~0xffn, { size: 32 });
}

type StorageEntry = { label: string; offset: number; slot: string; type: string };
type TypeEntry = {
  label: string;
  encoding: string;
  numberOfBytes: string;
  members?: StorageEntry[];
  key?: string;
  value?: string;
  base?: string;
};
type Layout = { storage: StorageEntry[]; types: Record<string, TypeEntry> | null };
type Snapshot = { namespace: string; slot: Hex; root: string; types: Record<string, TypeEntry> };

/**
 * solc's storageLayout of Party, PartyV2, and of a harness that declares Party.PartyStorage as its
 * one state variable: solc reports a struct's member layout only for types of state variables.
 */
function compileLayouts(): Record<"Party" | "PartyV2" | "Harness", Layout> {
  const solc = require("solc") as { compile(input: string, opts: object): string };
  const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");
  const input = {
    language: "Solidity",
    sources: {
      "contracts/Party.sol": { content: read("contracts/Party.sol") },
      "contracts/test/PartyV2.sol": { content: read("contracts/test/PartyV2.sol") },
      "harness.sol": {
        content: `pragma solidity ^0.8.24;\nimport {Party} from "contracts/Party.sol";\ncontract Harness { Party.PartyStorage internal party; }\n`,
      },
    },
    settings: {
      evmVersion: "cancun",
      outputSelection: {
        "contracts/Party.sol": { Party: ["storageLayout"] },
        "contracts/test/PartyV2.sol": { PartyV2: ["storageLayout"] },
        "harness.sol": { Harness: ["storageLayout"] },
      },
    },
  };
  const findImport = (path: string) => {
    try {
      return { contents: readFileSync(path.startsWith("contracts/") ? new URL(path, ROOT) : require.resolve(path), "utf8") };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { storageLayout: Layout }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  return {
    Party: output.contracts["contracts/Party.sol"]!.Party!.storageLayout,
    PartyV2: output.contracts["contracts/test/PartyV2.sol"]!.PartyV2!.storageLayout,
    Harness: output.contracts["harness.sol"]!.Harness!.storageLayout,
  };
}

/** Type ids without solc's AST ids, which change with any edit: t_struct(Chapter)123_storage -> t_struct(Chapter)_storage. */
const normalise = (id: string) => id.replace(/\)\d+/g, ")");

function normaliseTypes(types: Record<string, TypeEntry>): Record<string, TypeEntry> {
  const member = (m: StorageEntry): StorageEntry => ({ label: m.label, offset: m.offset, slot: m.slot, type: normalise(m.type) });
  return Object.fromEntries(
    Object.entries(types)
      .map(([id, t]): [string, TypeEntry] => [
        normalise(id),
        {
          label: t.label,
          encoding: t.encoding,
          numberOfBytes: t.numberOfBytes,
          ...(t.members ? { members: t.members.map(member) } : {}),
          ...(t.key ? { key: normalise(t.key) } : {}),
          ...(t.value ? { value: normalise(t.value) } : {}),
          ...(t.base ? { base: normalise(t.base) } : {}),
        },
      ])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function currentSnapshot(harness: Layout): Snapshot {
  const [root] = harness.storage;
  if (!root || !harness.types) throw new Error("the harness declares no PartyStorage");
  return { namespace: NAMESPACE, slot: erc7201(NAMESPACE), root: normalise(root.type), types: normaliseTypes(harness.types) };
}

/**
 * Why `next` cannot read `previous`'s data where it is, or [] when it can. A struct may gain
 * members at its end unless it is stored inline before other data (`inline`): the namespace itself
 * and structs kept as mapping values may grow, a struct member of another struct may not.
 */
function incompatibilities(previous: Snapshot, next: Snapshot): string[] {
  const problems: string[] = [];
  const check = (before: string, after: string, where: string, inline: boolean) => {
    const a = previous.types[before];
    const b = next.types[after];
    if (!a || !b) return void problems.push(`${where}: type ${before} or ${after} is unknown`);
    if (a.encoding !== b.encoding) return void problems.push(`${where}: ${a.encoding} became ${b.encoding}`);
    if (a.members) {
      if (!b.members) return void problems.push(`${where}: ${a.label} is no longer a struct`);
      if (inline && a.numberOfBytes !== b.numberOfBytes) problems.push(`${where}: ${a.label} is stored inline and changed size`);
      a.members.forEach((m, i) => {
        const n = b.members![i];
        const at = `${where}.${m.label}`;
        if (!n) return void problems.push(`${at}: removed`);
        if (n.label !== m.label || n.slot !== m.slot || n.offset !== m.offset) {
          return void problems.push(`${at}: now ${n.label} at slot ${n.slot}, offset ${n.offset} (was slot ${m.slot}, offset ${m.offset})`);
        }
        check(m.type, n.type, at, true);
      });
      return;
    }
    if (a.encoding === "mapping") {
      if (a.key !== b.key) problems.push(`${where}: key ${a.key} became ${b.key}`);
      return check(a.value!, b.value!, `${where}[]`, false);
    }
    if (a.base !== undefined) return check(a.base, b.base ?? "", `${where}[]`, true);
    if (before !== after || a.numberOfBytes !== b.numberOfBytes) problems.push(`${where}: ${before} became ${after}`);
  };
  if (previous.slot !== next.slot) problems.push(`the namespace moved from ${previous.slot} to ${next.slot}`);
  check(previous.root, next.root, "PartyStorage", false);
  return problems;
}

let layouts: ReturnType<typeof compileLayouts>;
beforeAll(() => {
  layouts = compileLayouts();
});

describe("party storage", () => {
  it("has no state in sequential slots: Party, its parents and PartyV2 declare none", () => {
    expect(layouts.Party.storage).toEqual([]);
    expect(layouts.PartyV2.storage).toEqual([]);
  });

  it("keeps everything in the ERC-7201 namespace party.storage.Party, whose slot the contract states", () => {
    // The formula, checked against a slot OpenZeppelin publishes.
    expect(erc7201("openzeppelin.storage.Ownable2Step")).toBe("0x237e158222e3e6968b72b9db0d8043aacf074ad9f650f0d1606b4d82ee432c00");
    const source = readFileSync(new URL("contracts/Party.sol", ROOT), "utf8");
    expect(source).toContain(`@custom:storage-location erc7201:${NAMESPACE}`);
    expect(source).toContain(`PARTY_STORAGE_LOCATION = ${erc7201(NAMESPACE)};`);
    const v2 = readFileSync(new URL("contracts/test/PartyV2.sol", ROOT), "utf8");
    expect(v2).toContain(`@custom:storage-location erc7201:${V2_NAMESPACE}`);
    expect(v2).toContain(`PARTY_V2_STORAGE_LOCATION = ${erc7201(V2_NAMESPACE)};`);
  });

  it("only grows: the layout keeps every member of the committed one where it was", () => {
    const next = currentSnapshot(layouts.Harness);
    if (process.env.UPDATE_STORAGE_LAYOUT) {
      let previous: Snapshot | undefined;
      try {
        previous = JSON.parse(readFileSync(SNAPSHOT, "utf8")) as Snapshot;
      } catch {
        previous = undefined; // the first snapshot
      }
      if (previous) expect(incompatibilities(previous, next)).toEqual([]);
      writeFileSync(SNAPSHOT, `${JSON.stringify(next, null, 2)}\n`);
    }
    const committed = JSON.parse(readFileSync(SNAPSHOT, "utf8")) as Snapshot;
    expect(incompatibilities(committed, next)).toEqual([]);
    // Today's contract is the committed layout itself (update the file when appending).
    expect(next).toEqual(committed);
  });

  it("the compatibility check refuses an inserted, moved, retyped or dropped member", () => {
    const base = currentSnapshot(layouts.Harness);
    const root = base.types[base.root]!;
    const withMembers = (members: StorageEntry[], extra: Record<string, TypeEntry> = {}): Snapshot => ({
      ...base,
      types: { ...base.types, ...extra, [base.root]: { ...root, members } },
    });
    const [first, second, ...rest] = root.members!;
    // Appending is fine.
    const appended = { label: "later", offset: 0, slot: String(Number(root.members!.at(-1)!.slot) + 1), type: "t_uint256" };
    expect(incompatibilities(base, withMembers([...root.members!, appended]))).toEqual([]);
    // Swapping two members, dropping one, or retyping one is not.
    expect(incompatibilities(base, withMembers([{ ...second!, slot: first!.slot }, { ...first!, slot: second!.slot }, ...rest]))).not.toEqual([]);
    expect(incompatibilities(base, withMembers([first!, ...rest]))).not.toEqual([]);
    expect(incompatibilities(base, withMembers([{ ...first!, type: "t_uint256" }, second!, ...rest]))).not.toEqual([]);
    // Nor is another namespace.
    expect(incompatibilities(base, { ...base, slot: erc7201("party.storage.Other") })).not.toEqual([]);
  });
});

describe("through the proxy", () => {
  const ctx = useChain(seedWorld);

  it("the namespace's first slot holds the party admin; nothing sits in slot 0", async () => {
    const { tc } = ctx;
    const at = (slot: Hex) => tc.publicClient.getStorageAt({ address: tc.address, slot });
    expect(await at(erc7201(NAMESPACE))).toBe(pad(ADMIN.address.toLowerCase() as Hex));
    expect(await at(pad("0x0"))).toBe(pad("0x0"));
    await mined(tc, tc.party(ADMIN).write.setPartyAdmin([GRACE.address]));
    await mined(tc, tc.party(GRACE).write.acceptPartyAdmin());
    expect(getAddress(`0x${(await at(erc7201(NAMESPACE)))!.slice(26)}`)).toBe(GRACE.address);
  });
});
