/**
 * The one language rule (app/i18n/language.ts), which the app and the page cache both call: the
 * `lng` cookie, else the Accept-Language entry with the highest q (the first among equals; a
 * region counts as its language), else English. Anything malformed is passed over, never an error.
 */
import { directionOf, languageCookie, resolveLanguage } from "../../../app/i18n/language.js";

it.each([
  [null, null, "en"],
  ["", "", "en"],
  ["lng=de", "ar", "de"],
  ["theme=dark; lng=ar; other=1", "de", "ar"],
  ["lng=DE", null, "de"],
  ["lng=fr", "de", "de"],
  ["lng=", "ar-EG", "ar"],
  ["xlng=de", null, "en"],
  [null, "de-AT,de;q=0.9,en;q=0.8", "de"],
  [null, "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "en"],
  [null, "en;q=0.4, ar;q=0.6", "ar"],
  [null, "de;q=0, ar;q=0.1", "ar"],
  [null, "de;q=abc", "en"],
  [null, "*", "en"],
  [null, "zh-Hant-TW", "en"],
  [null, `${"x,".repeat(1000)}de`, "en"],
])("cookie %j, Accept-Language %j → %s", (cookie, acceptLanguage, language) => {
  expect(resolveLanguage(cookie, acceptLanguage)).toBe(language);
});

it("Arabic is the right-to-left one; the cookie is a long-lived, script-readable Lax preference", () => {
  expect([directionOf("en"), directionOf("de"), directionOf("ar")]).toEqual(["ltr", "ltr", "rtl"]);
  expect(languageCookie("ar")).toBe("lng=ar; Path=/; Max-Age=34560000; SameSite=Lax");
});
