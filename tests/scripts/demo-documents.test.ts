/**
 * The demo data's documents (scripts/lib/demo-data/documents.ts): as many as the demo shape has
 * evaluations and info messages, each one as the minter's schema reads it back, all different, in
 * English, German and Arabic, each evaluation about its own chapter's city, and no raw HTML.
 */
import { evaluationDraftSchema, infoDraftSchema, MAX_SCALE_CHARS } from "../../app/documents/document.js";
import { findHtml } from "../../app/documents/markdown.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "../../scripts/lib/demo-data/documents.js";

type Language = "en" | "de" | "ar";
const LANGUAGES: readonly Language[] = ["en", "de", "ar"];

/** Evaluation i (from 0) is of the chapter in this city: the fifteen chapters, then the first five again. */
const EVALUATION_CITIES = [
  "Berlin", "London", "New York", "Lagos", "Tokyo", "Buenos Aires", "Mumbai", "Mexico City", "Cairo", "Sydney",
  "Cape Town", "Singapore", "San Francisco", "Reykjavik", "Anchorage", "Berlin", "London", "New York", "Lagos", "Tokyo",
] as const;

/** How each city is written in each language (a body may use either spelling where two are listed). */
const CITY_NAMES: Record<(typeof EVALUATION_CITIES)[number], Record<Language, readonly string[]>> = {
  Berlin: { en: ["Berlin"], de: ["Berlin"], ar: ["برلين"] },
  London: { en: ["London"], de: ["London"], ar: ["لندن"] },
  "New York": { en: ["New York"], de: ["New York"], ar: ["نيويورك"] },
  Lagos: { en: ["Lagos"], de: ["Lagos"], ar: ["لاغوس"] },
  Tokyo: { en: ["Tokyo"], de: ["Tokio"], ar: ["طوكيو"] },
  "Buenos Aires": { en: ["Buenos Aires"], de: ["Buenos Aires"], ar: ["بوينس آيرس"] },
  Mumbai: { en: ["Mumbai"], de: ["Mumbai"], ar: ["مومباي"] },
  "Mexico City": { en: ["Mexico City"], de: ["Mexiko-Stadt"], ar: ["مكسيكو سيتي"] },
  Cairo: { en: ["Cairo"], de: ["Kairo"], ar: ["القاهرة"] },
  Sydney: { en: ["Sydney"], de: ["Sydney"], ar: ["سيدني"] },
  "Cape Town": { en: ["Cape Town"], de: ["Kapstadt"], ar: ["كيب تاون"] },
  Singapore: { en: ["Singapore"], de: ["Singapur"], ar: ["سنغافورة"] },
  "San Francisco": { en: ["San Francisco"], de: ["San Francisco"], ar: ["سان فرانسيسكو"] },
  Reykjavik: { en: ["Reykjavik", "Reykjavík"], de: ["Reykjavik", "Reykjavík"], ar: ["ريكيافيك"] },
  Anchorage: { en: ["Anchorage"], de: ["Anchorage"], ar: ["أنكوريج"] },
};

const ALL_DOCUMENTS = [...DEMO_EVALUATION_DOCUMENTS, ...DEMO_INFO_DOCUMENTS];
const chars = (text: string) => [...text].length;

describe("demo documents", () => {
  it("has one document per evaluation and per info message of the demo data", () => {
    expect(DEMO_EVALUATION_DOCUMENTS).toHaveLength(20);
    expect(DEMO_INFO_DOCUMENTS).toHaveLength(30);
    expect(DEMO_EVALUATION_DOCUMENTS.every((document) => document.kind === "evaluation")).toBe(true);
    expect(DEMO_INFO_DOCUMENTS.every((document) => document.kind === "info")).toBe(true);
  });

  it("passes the minter's schema unchanged", () => {
    for (const document of DEMO_EVALUATION_DOCUMENTS) {
      const parsed = evaluationDraftSchema.safeParse(document);
      expect(parsed.success, document.title).toBe(true);
      expect(parsed.data).toStrictEqual(document);
    }
    for (const document of DEMO_INFO_DOCUMENTS) {
      const parsed = infoDraftSchema.safeParse(document);
      expect(parsed.success, document.title).toBe(true);
      expect(parsed.data).toStrictEqual(document);
    }
  });

  it("has distinct titles and bodies", () => {
    expect(new Set(ALL_DOCUMENTS.map(({ title }) => title)).size).toBe(ALL_DOCUMENTS.length);
    expect(new Set(ALL_DOCUMENTS.map(({ body }) => body)).size).toBe(ALL_DOCUMENTS.length);
  });

  it("is written in English, German and Arabic, in each set", () => {
    for (const documents of [DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS]) {
      const languages = new Set(documents.map(({ language }) => language));
      expect([...languages].sort()).toEqual([...LANGUAGES].sort());
    }
  });

  it("keeps titles, bodies and scales to the demo's lengths", () => {
    for (const { title } of ALL_DOCUMENTS) expect(chars(title), title).toBeLessThanOrEqual(120);
    for (const { title, body, scale } of DEMO_EVALUATION_DOCUMENTS) {
      expect(chars(body), title).toBeGreaterThanOrEqual(600);
      expect(chars(body), title).toBeLessThanOrEqual(1500);
      for (const text of [scale.min, scale.zero, scale.max]) expect(chars(text), title).toBeLessThanOrEqual(MAX_SCALE_CHARS);
      expect(new Set([scale.min, scale.zero, scale.max]).size, title).toBe(3);
    }
    for (const { title, body } of DEMO_INFO_DOCUMENTS) {
      expect(chars(body), title).toBeGreaterThanOrEqual(200);
      expect(chars(body), title).toBeLessThanOrEqual(900);
    }
  });

  it("names its chapter's city in each evaluation's body, in the document's language", () => {
    DEMO_EVALUATION_DOCUMENTS.forEach(({ language, title, body }, i) => {
      const city = EVALUATION_CITIES[i]!;
      expect(LANGUAGES, title).toContain(language);
      const names = CITY_NAMES[city][language as Language];
      expect(
        names.some((name) => body.includes(name)),
        `evaluation ${i + 1} (${city}) should name ${names.join(" or ")}`,
      ).toBe(true);
    });
  });

  it("has no raw HTML in any body", () => {
    for (const { title, body } of ALL_DOCUMENTS) {
      expect(findHtml(body), title).toBeUndefined();
      expect(body, title).not.toContain("<");
    }
  });
});
