/**
 * The languages agree: every key of English exists in German and Arabic and the other way round,
 * each plural has every form its language needs (Intl.PluralRules: Arabic has six), and a message
 * carries the same interpolation values, nested keys and markup tags in every language, so no
 * translation can drop an address, a count or a link.
 */
import ar from "../../../app/locales/ar/index.js";
import de from "../../../app/locales/de/index.js";
import en from "../../../app/locales/en/index.js";
import type { Messages } from "../../../app/locales/types.js";

const LANGUAGES = { en, de, ar } as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [k, v] of flatten(value, path)) flat.set(k, v);
  }
  return flat;
}

/** Base key → its texts (one, or one per plural form). */
function grouped(messages: Messages): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const [key, text] of flatten(messages)) {
    const base = key.replace(PLURAL, "");
    const form = PLURAL.exec(key)?.[1] ?? "";
    groups.set(base, (groups.get(base) ?? new Map()).set(form, text));
  }
  return groups;
}

/** What a text must keep in every language: {{values}} (format aside), $t(nested keys) and <tags>. */
function placeholders(text: string): string[] {
  const values = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const nested = [...text.matchAll(/\$t\(([^)]+)\)/g)].map((m) => `$t(${m[1]})`);
  // Only a pair is markup (a component of <Trans>): "<block>:<application id>" in a sentence is text.
  const tags = [...text.matchAll(/<([a-z]+)>[\s\S]*?<\/\1>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...values, ...nested, ...tags])].sort();
}

const groups = Object.fromEntries(Object.entries(LANGUAGES).map(([language, messages]) => [language, grouped(messages)])) as Record<
  keyof typeof LANGUAGES,
  Map<string, Map<string, string>>
>;

it("English has a few hundred messages (the test reads them all)", () => {
  expect(groups.en.size).toBeGreaterThan(300);
});

describe.each(["de", "ar"] as const)("%s", (language) => {
  it("has every English key, and no key English lacks", () => {
    const missing = [...groups.en.keys()].filter((key) => !groups[language].has(key));
    const extra = [...groups[language].keys()].filter((key) => !groups.en.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("keeps each message's values, nested keys and tags", () => {
    const differing: string[] = [];
    for (const [key, forms] of groups.en) {
      const theirs = groups[language].get(key);
      if (!theirs) continue;
      const ours = placeholders([...forms.values()].join(" "));
      // A plural form may say the number in words ("فرعان", two chapters): {{count}} counts for the message as a whole.
      const translated = placeholders([...theirs.values()].join(" "));
      if (JSON.stringify(ours) !== JSON.stringify(translated)) differing.push(`${key}: ${ours.join(" ")} ≠ ${translated.join(" ")}`);
    }
    expect(differing).toEqual([]);
  });
});

describe.each(Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[])("%s plurals", (language) => {
  it("have every form the language needs, and nothing but plural forms beside them", () => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const wrong: string[] = [];
    for (const [key, forms] of groups[language]) {
      if (forms.has("")) {
        if (forms.size > 1) wrong.push(`${key}: both plain and plural`);
        continue;
      }
      const lacking = needed.filter((category) => !forms.has(category));
      if (lacking.length > 0) wrong.push(`${key}: no ${lacking.join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });
});

it("no message is empty, and none is left in English in another language by mistake", () => {
  const empty = (Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]).flatMap((language) =>
    [...flatten(LANGUAGES[language])].filter(([, text]) => text.trim() === "").map(([key]) => `${language}:${key}`),
  );
  expect(empty).toEqual([]);
  // Arabic text is Arabic script: a long English sentence copied over would show here.
  const english = [...flatten(ar)].filter(([, text]) => text.length > 25 && !/\p{Script=Arabic}/u.test(text)).map(([key]) => key);
  expect(english).toEqual([]);
});

it("names no <Trans> tag after an HTML void element: <link>…</link> would render an empty link before its text", () => {
  const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
  const wrong = [...flatten(en)].filter(([, text]) => [...text.matchAll(/<([a-z]+)>/g)].some((m) => VOID.has(m[1]!))).map(([key]) => key);
  expect(wrong).toEqual([]);
});
