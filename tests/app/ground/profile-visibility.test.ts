/**
 * The one rule of who sees a profile's field (app/ground/profile-visibility.ts), over the table of
 * viewers × visibilities (tests/fixtures/profile-viewers.ts): each viewer sees exactly the fields whose visibility
 * reaches it, and nothing of the others.
 */
import { relationOf, sees, visibleProfile, type Profile } from "../../../app/ground/profile-visibility";
import { OWNERS, VIEWER_CASES, VISIBILITY_AXIS } from "../../fixtures/profile-viewers";

describe.each(VIEWER_CASES)("$name", ({ owner, viewer, sees: expected }) => {
  it.each(VISIBILITY_AXIS)("a field visible to %s", (visibility) => {
    const profile: Profile = { displayName: "Name", displayNameVisibility: visibility, about: "Text", aboutVisibility: visibility };
    const shown = visibleProfile(profile, viewer, OWNERS[owner]);
    const visible = expected.includes(visibility);
    expect(sees(relationOf(viewer, OWNERS[owner]), visibility)).toBe(visible);
    expect(shown).toEqual(visible ? { displayName: "Name", about: "Text" } : { displayName: null, about: null });
  });
});

it("decides each field on its own visibility", () => {
  const sameChapter = VIEWER_CASES.find((c) => c.name === "a member of the same chapter")!;
  const profile: Profile = { displayName: "Anna", displayNameVisibility: "chapter", about: "Hello", aboutVisibility: "executives" };
  expect(visibleProfile(profile, sameChapter.viewer, OWNERS.member)).toEqual({ displayName: "Anna", about: null });
  expect(visibleProfile(null, sameChapter.viewer, OWNERS.member)).toEqual({ displayName: null, about: null });
});

it("compares addresses whatever their case", () => {
  const self = { address: OWNERS.member.account.toUpperCase().replace("0X", "0x"), status: "none", chapterId: null, executiveOf: null, partyExecutive: false, partyMember: false } as const;
  expect(relationOf(self, OWNERS.member)).toBe("self");
});
