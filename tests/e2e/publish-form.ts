/**
 * Driving the evaluation publisher's form in the documents' browser tests
 * (tests/e2e/documents-publish.test.ts): its fields by name (the labels are the page's
 * language's), what they hold, the POSTs a page sends, and how often a passkey has signed.
 */
import type { Page, Request } from "playwright-core";
import type { Person } from "./write-stack.js";

export const publishForm = (page: Page) => page.locator("form[data-publish='evaluation']");

/** The POSTs the page sends to the app's API from now on (the first step of signing is POST /api/calls/…). */
export function recordPosts(page: Page): { paths: string[]; stop: () => void } {
  const paths: string[] = [];
  const listener = (request: Request) => {
    if (request.method() === "POST") paths.push(new URL(request.url()).pathname);
  };
  page.on("request", listener);
  return { paths, stop: () => page.off("request", listener) };
}

/** How often the person's passkey has signed. */
export const signatures = async (person: Person) => (await person.credentials()).reduce((sum, c) => sum + c.signCount, 0);

export type Typed = { chapterId: string; title: string; body: string; min: string; zero: string; max: string };

/** Writes the draft into the form by its fields' names (the labels are the page's language's). */
export async function write(page: Page, draft: Typed) {
  const form = publishForm(page);
  await form.locator("input[name='chapterId']").fill(draft.chapterId);
  await form.locator("input[name='title']").fill(draft.title);
  await form.locator("textarea[name='body']").fill(draft.body);
  await form.locator("input[name='scaleMin']").fill(draft.min);
  await form.locator("input[name='scaleZero']").fill(draft.zero);
  await form.locator("input[name='scaleMax']").fill(draft.max);
}

/** What the form's fields hold now. */
export const typed = async (page: Page): Promise<Typed> => {
  const form = publishForm(page);
  const value = (selector: string) => form.locator(selector).inputValue();
  return {
    chapterId: await value("input[name='chapterId']"),
    title: await value("input[name='title']"),
    body: await value("textarea[name='body']"),
    min: await value("input[name='scaleMin']"),
    zero: await value("input[name='scaleZero']"),
    max: await value("input[name='scaleMax']"),
  };
};

/** A draft in German, as a minter types it. */
export const GERMAN: Typed = {
  chapterId: "1",
  title: "Wie gut hat die Ortsgruppe den Wahlkampf geführt?",
  body: [
    "Die Ortsgruppe hat im Wahlkampf **viel** bewegt:",
    "",
    "- Infostände an jedem Samstag",
    "- Hausbesuche in drei Stadtteilen",
    "",
    "Der [Bericht der Ortsgruppe](https://example.org/bericht) nennt die Zahlen.",
  ].join("\n"),
  min: "Die Ortsgruppe war im Wahlkampf nicht zu sehen",
  zero: "So wie in den Jahren davor",
  max: "Der beste Wahlkampf der Partei",
};
