/**
 * What a profile's fields may hold (issue 28 item 7; docs/decisions/0015). Each refusal is a
 * message `{ key, values }` (app/i18n/message.ts), said in the page's language where it is shown.
 * A name is never identity: the address is what the contract and the proofs use. These rules only
 * keep a name from pretending to be an address or another member, and keep markup out.
 */
import { message, type Message } from "../i18n/message";

export const DISPLAY_NAME_MAX = 50;
export const ABOUT_MAX = 280;

export type FieldCheck = { ok: true; value: string | null } | { ok: false; refusal: Message };

/** Bidirectional overrides and invisible characters: they make one text look like another. */
const DECEIVING = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
/** A tag or a character reference: markup, whether or not anything would render it. */
const HTML = /<[a-z!/?]|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

/** Letters that look like Latin ones (Cyrillic, Greek; both cases), as Latin. A small table, not Unicode's full list. */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    ["АаΑα", "a"], ["ВвΒβ", "b"], ["СсϹϲ", "c"], ["ԁ", "d"], ["ЕеЁёΕε", "e"], ["ɡ", "g"], ["НнҺһΗ", "h"], ["ІіЇїΙι", "i"],
    ["Јј", "j"], ["КкΚκ", "k"], ["ӏ", "l"], ["МмΜ", "m"], ["Ν", "n"], ["ОоΟοσ", "o"], ["РрΡρ", "p"], ["ԛ", "q"],
    ["Ѕѕ", "s"], ["ТтΤτ", "t"], ["υ", "u"], ["ν", "v"], ["Ԝԝ", "w"], ["ХхΧχ", "x"], ["УуΥγ", "y"], ["Ζ", "z"],
  ].flatMap(([from, to]) => [...from!].map((c) => [c, to!])),
);

/** The text as Latin lower case where letters only look Latin (NFKC first: full-width and styled letters too). */
const latin = (text: string) => [...text.normalize("NFKC")].map((c) => LOOKALIKES[c] ?? c).join("").toLowerCase();

/**
 * A name folded for comparison: look-alike letters as Latin, lower case, without accents and
 * marks, digits and letters that pass for each other as one (0/o, 1/i/l/|, 5/s, rn/m, vv/w), and
 * only letters and digits kept. "Anna", "ANNA", "Аnnа" (Cyrillic a) and "A n n a" are one name.
 */
export function nameSkeleton(name: string): string {
  return latin(name)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w")
    .replace(/[0]/g, "o")
    .replace(/[1i|!]/g, "l")
    .replace(/5/g, "s")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** An address, its shortened forms (0x12…ab, 1234…abcd) or an ENS-like name, also when written with look-alike letters. */
export function looksLikeAddress(name: string): boolean {
  const text = latin(name);
  if (/0x\s*([0-9a-f]|…|\.{2,})/.test(text)) return true;
  if (/[0-9a-f]{3,}\s*(…|\.{2,})\s*[0-9a-f]{3,}/.test(text)) return true;
  if (/\.eth\b/.test(text)) return true;
  // A long run of hex digits with a digit in it (a word like "facade" is hex too, but has no digit).
  return (text.match(/[0-9a-f]{8,}/g) ?? []).some((run) => /\d/.test(run));
}

/** The display name as stored (null: none), or why not. Whitespace runs become one space. */
export function checkDisplayName(raw: string): FieldCheck {
  const name = raw.normalize("NFC").trim();
  if (/\p{Cc}/u.test(name) || DECEIVING.test(name)) return refuse("refusals.profile.name.control");
  const value = name.replace(/\s+/gu, " ");
  if (value === "") return { ok: true, value: null };
  if (HTML.test(value)) return refuse("refusals.profile.name.html");
  if ([...value].length > DISPLAY_NAME_MAX) return refuse("refusals.profile.name.tooLong", { max: DISPLAY_NAME_MAX });
  if (looksLikeAddress(value)) return refuse("refusals.profile.name.address");
  if (nameSkeleton(value) === "") return refuse("refusals.profile.name.noLetters");
  return { ok: true, value };
}

/**
 * A free text as stored (null: none), or why not, in `<refusals>.control`, `.html` and `.tooLong`
 * ({ max }). Line breaks are kept (as \n) unless `oneLine`, no other control character.
 */
export function checkText(raw: string, { max, refusals, oneLine = false }: { max: number; refusals: string; oneLine?: boolean }): FieldCheck {
  const text = raw.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if ((oneLine ? /\p{Cc}/u : /[^\P{Cc}\n]/u).test(text) || DECEIVING.test(text)) return refuse(`${refusals}.control`);
  if (text === "") return { ok: true, value: null };
  if (HTML.test(text)) return refuse(`${refusals}.html`);
  if ([...text].length > max) return refuse(`${refusals}.tooLong`, { max });
  return { ok: true, value: text };
}

/** The short text as stored (null: none), or why not. */
export const checkAbout = (raw: string): FieldCheck => checkText(raw, { max: ABOUT_MAX, refusals: "refusals.profile.about" });

const refuse = (key: string, values?: Record<string, number>): FieldCheck => ({ ok: false, refusal: message(key, values) });
