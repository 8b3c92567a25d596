/**
 * A viewer's facts reduced to the chapters a page shows (app/ground/shared-viewer.ts): viewers who
 * stand alike to those chapters are one kind; a chapter outside the page only ever loses its
 * relation; the address is never part of it.
 */
import type { ViewerFacts } from "../../../app/ground/audience";
import { accountFromCookies, kindKey, OUTSIDE, reducedFacts, scopeOf, SHARED_VIEWER_ADDRESS } from "../../../app/ground/shared-viewer";
import { permissionsOf } from "../../../app/calls";

const base: ViewerFacts = {
  address: "0x00000000000000000000000000000000000000a1",
  chapterId: null,
  status: "none",
  partyMember: false,
  partyExecutive: false,
  executiveOf: null,
  centralCommitteeOf: [],
  pendingApplicationChapterId: null,
  holds: [],
  proposedPartyAdmin: false,
};
const member = (chapterId: string, more: Partial<ViewerFacts> = {}): ViewerFacts => ({ ...base, status: "member", partyMember: true, chapterId, ...more });
const kindOn = (facts: ViewerFacts, ...chapters: string[]) => kindKey(reducedFacts(facts, new Set(chapters)));

it("makes members of two other chapters one kind on a chapter's page, and a member of that chapter another", () => {
  expect(kindOn(member("3", { address: "0x00000000000000000000000000000000000000b2" }), "7")).toBe(kindOn(member("5"), "7"));
  expect(kindOn(member("7"), "7")).not.toBe(kindOn(member("5"), "7"));
  expect(kindOn(member("7", { executiveOf: "7" }), "7")).not.toBe(kindOn(member("7"), "7"));
  // An executive elsewhere stays apart from a plain member elsewhere: it may use its controls somewhere.
  expect(kindOn(member("5", { executiveOf: "5" }), "7")).not.toBe(kindOn(member("5"), "7"));
  // Applied here, applied elsewhere, never applied.
  const applied = (id: string) => ({ ...base, pendingApplicationChapterId: id });
  expect(new Set([kindOn(applied("7"), "7"), kindOn(applied("5"), "7"), kindOn(base, "7")]).size).toBe(3);
});

it("makes alike what no shared page tells apart: a member with or without the party, never joined or left", () => {
  expect(kindOn(member("5", { partyMember: false }), "7")).toBe(kindOn(member("5"), "7"));
  expect(kindOn({ ...base, status: "left", chapterId: "5" }, "5")).toBe(kindOn(base, "5"));
  expect(kindOn({ ...base, partyMember: true }, "5")).not.toBe(kindOn(base, "5"));
  expect(kindOn(member("5", { centralCommitteeOf: ["3"] }), "7")).toBe(kindOn(member("5"), "7"));
});

it("keeps no address and no chapter outside the page, and offers nothing outside it", () => {
  const facts = member("5", { executiveOf: "5", centralCommitteeOf: ["5", "7"], pendingApplicationChapterId: null });
  const reduced = reducedFacts(facts, new Set(["7"]));
  expect(reduced).toEqual({ ...facts, address: SHARED_VIEWER_ADDRESS, chapterId: OUTSIDE, executiveOf: OUTSIDE, centralCommitteeOf: ["7"] });
  // What the reduced viewer may do on chapter 7's page is what the viewer may do there.
  const may = permissionsOf(reduced);
  const real = permissionsOf(facts);
  for (const [operation, scope] of Object.entries(real)) {
    const here = (s: unknown) => s === true || (Array.isArray(s) && s.includes("7"));
    expect([operation, here(may[operation as keyof typeof may])]).toEqual([operation, here(scope)]);
  }
});

it("reads the page's chapters from its tags, and the account cookie from a Cookie header", () => {
  expect([...scopeOf(["chapter:7", "account:0xab", "evaluation:3", "standing:9", "chapter:12", "list:party"])]).toEqual(["7", "9", "12"]);
  const address = "0x00000000000000000000000000000000000000A1";
  expect(accountFromCookies(`lang=de; account=${address}; __Host-session=x`)).toBe(address);
  expect(accountFromCookies("account=0x12")).toBeUndefined();
  expect(accountFromCookies(null)).toBeUndefined();
});
