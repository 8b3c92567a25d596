/**
 * What a profile's fields may hold (app/utils/profile-fields.ts; issue 28 item 7): each refusal
 * is its message { key, values }, said in English, German and Arabic; names that pretend to be
 * an address are refused also when written with look-alike letters; the skeleton folds what
 * looks alike into one name.
 */
import "../../../app/i18n/i18n.server";
import { tFor } from "../../../app/i18n/instance";
import { interpolation, type Message } from "../../../app/i18n/message";
import { ABOUT_MAX, checkAbout, checkDisplayName, DISPLAY_NAME_MAX, looksLikeAddress, nameSkeleton } from "../../../app/utils/profile-fields";

const refusalOf = (check: ReturnType<typeof checkDisplayName>) => (check.ok ? undefined : check.refusal);
const say = (language: string, m: Message) => tFor(language)(m.key, interpolation(m.values));

describe("display names", () => {
  it.each([
    ["Anna Schmidt", "Anna Schmidt"],
    ["  Anna   Schmidt  ", "Anna Schmidt"],
    ["أحمد", "أحمد"],
    ["Zoë", "Zoë"],
    ["Oxford Group", "Oxford Group"],
    ["I <3 chapters", "I <3 chapters"],
    ["Tom & Jerry", "Tom & Jerry"],
    ["", null],
    ["   ", null],
  ])("keeps %j as %j", (raw, stored) => {
    expect(checkDisplayName(raw)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ["a line break", "Anna\nSchmidt", "refusals.profile.name.control"],
    ["a tab", "Anna\tSchmidt", "refusals.profile.name.control"],
    ["a NUL", "Anna\u0000", "refusals.profile.name.control"],
    ["a right-to-left override", "Anna\u202Etxt.exe", "refusals.profile.name.control"],
    ["a zero-width space", "An\u200Bna", "refusals.profile.name.control"],
    ["a tag", "<b>Anna</b>", "refusals.profile.name.html"],
    ["a script", "<script>alert(1)</script>", "refusals.profile.name.html"],
    ["a comment", "<!-- x -->Anna", "refusals.profile.name.html"],
    ["a character reference", "Anna&#60;", "refusals.profile.name.html"],
    ["a named reference", "Anna&lt;b&gt;", "refusals.profile.name.html"],
    ["a full address", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "refusals.profile.name.address"],
    ["an address inside", "Anna 0x7099", "refusals.profile.name.address"],
    ["a shortened address", "0x7099…79C8", "refusals.profile.name.address"],
    ["a shortened address with dots", "0x7099...79c8", "refusals.profile.name.address"],
    ["0x and an ellipsis", "0x…", "refusals.profile.name.address"],
    ["a tail without 0x", "70997…79C8", "refusals.profile.name.address"],
    ["a long hex run", "deadbeef1234", "refusals.profile.name.address"],
    ["an ENS name", "anna.eth", "refusals.profile.name.address"],
    ["full-width 0x", "０ｘ７０９９", "refusals.profile.name.address"],
    ["a Cyrillic x", "0х7099", "refusals.profile.name.address"],
    ["no letter or digit", "...", "refusals.profile.name.noLetters"],
  ])("refuses %s", (_what, raw, key) => {
    expect(refusalOf(checkDisplayName(raw))?.key).toBe(key);
  });

  it(`refuses more than ${DISPLAY_NAME_MAX} characters, and counts characters, not UTF-16 units`, () => {
    expect(checkDisplayName("a".repeat(DISPLAY_NAME_MAX)).ok).toBe(true);
    // A letter outside the Basic Multilingual Plane is two UTF-16 units and one character.
    expect(checkDisplayName("𠀀".repeat(DISPLAY_NAME_MAX)).ok).toBe(true);
    expect(refusalOf(checkDisplayName("😀😀"))?.key).toBe("refusals.profile.name.noLetters");
    expect(refusalOf(checkDisplayName("a".repeat(DISPLAY_NAME_MAX + 1)))).toEqual({ key: "refusals.profile.name.tooLong", values: { max: DISPLAY_NAME_MAX } });
  });
});

describe("the short text", () => {
  it("keeps line breaks, and stores none for an empty text", () => {
    expect(checkAbout("Hello\r\nworld\n")).toEqual({ ok: true, value: "Hello\nworld" });
    expect(checkAbout(" ")).toEqual({ ok: true, value: null });
    expect(checkAbout("0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is my address")).toEqual({
      ok: true,
      value: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is my address",
    });
  });

  it.each([
    ["a control character", "Hello\u0007", "refusals.profile.about.control"],
    ["a bidirectional override", "Hello \u202Ednuof", "refusals.profile.about.control"],
    ["HTML", 'Hello <img src="x" onerror="alert(1)">', "refusals.profile.about.html"],
    ["too many characters", "a".repeat(ABOUT_MAX + 1), "refusals.profile.about.tooLong"],
  ])("refuses %s", (_what, raw, key) => {
    const check = checkAbout(raw);
    expect(check.ok ? undefined : check.refusal.key).toBe(key);
  });
});

describe("look-alikes", () => {
  it("folds case, accents, look-alike letters, digits that pass for letters, and spacing into one skeleton", () => {
    const anna = nameSkeleton("Anna");
    for (const same of ["ANNA", "anna", "Ánna", "\u0410nn\u0430" /* Cyrillic a */, "A n n a", "Ａｎｎａ" /* full width */]) {
      expect(nameSkeleton(same), same).toBe(anna);
    }
    expect(nameSkeleton("Bob0")).toBe(nameSkeleton("BobO"));
    expect(nameSkeleton("Wil1iam")).toBe(nameSkeleton("William"));
    expect(nameSkeleton("rnartin")).toBe(nameSkeleton("martin"));
    expect(nameSkeleton("Anna")).not.toBe(nameSkeleton("Anne"));
  });

  it("does not take words for addresses", () => {
    for (const name of ["Oxford", "Facade Cafe", "Bee Dee", "Max 2024", "Ethan"]) expect(looksLikeAddress(name), name).toBe(false);
  });
});

it("says every refusal in English, German and Arabic, with its limit", () => {
  const keys = [
    "control", "html", "tooLong", "address", "noLetters", "taken",
  ].map((k) => `refusals.profile.name.${k}`).concat(["control", "html", "tooLong"].map((k) => `refusals.profile.about.${k}`));
  for (const key of keys) {
    const texts = ["en", "de", "ar"].map((language) => say(language, { key, values: { max: 50 } }));
    expect(new Set(texts).size, key).toBe(3);
    for (const text of texts) expect(text, key).not.toBe(key);
  }
  expect(say("en", { key: "refusals.profile.name.tooLong", values: { max: 50 } })).toBe("The display name is at most 50 characters.");
  expect(say("de", { key: "refusals.profile.name.tooLong", values: { max: 50 } })).toBe("Der Anzeigename hat höchstens 50 Zeichen.");
  expect(say("ar", { key: "refusals.profile.name.tooLong", values: { max: 50 } })).toBe("الحد الأقصى لعدد أحرف الاسم المعروض: 50.");
});
