/**
 * What the accessibility browser tests check on a page (issue 17), for any page a test has open:
 *
 *   await settled(page);                       // hydrated, lazy controls in, network quiet
 *   await expectAccessible(page, "chapter");   // axe-core: WCAG 2.1 A/AA and best practices
 *   await expectPhoneFit(page, "chapter");     // at 390 px: axe again, no sideways scroll, a screenshot
 *   await tabTo(page, page.locator("…"));      // Tab only, then:
 *   await expectFocusVisible(page);
 *
 * Screenshots of every page at 390 px go to artifacts/screenshots/390/<name>.png.
 */
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AxeResults, RunOptions } from "axe-core";
import type { Locator, Page } from "playwright-core";
import { SCREENSHOTS } from "./write-stack.js";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
export const PHONE_SCREENSHOTS = join(SCREENSHOTS, "390");
const PHONE = { width: 390, height: 844 };

type AxeWindow = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * The page is done arriving: Remix has hydrated, every role control's lazy form is in (no empty
 * `data-controls` marker) and no request has been in flight for a moment.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await page.waitForFunction(() => document.querySelectorAll("[data-controls]:empty").length === 0);
  await page.waitForLoadState("networkidle");
}

/** axe-core's violations on the page as it is now, one line per rule: its id, impact, what it asks, and the nodes. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content Security Policy does not restrict.
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const results = await (window as AxeWindow).axe!.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`) }));
  }, AXE_TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join("\n    ")}`);
}

/** No axe violation on the page; `name` says which page in the failure (a soft failure: the test goes on to the next page and reports all). */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe on ${name} (${page.url()})`).toEqual([]);
}

/**
 * At a phone's 390 px: no axe violation in the phone layout, the document no wider than the
 * screen, and a full-page screenshot kept as artifacts/screenshots/390/<name>.png. The viewport is
 * put back afterwards.
 */
export async function expectPhoneFit(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
    // Reading the widths lays the page out at the new size first.
    const sideways = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const by = root.scrollWidth - root.clientWidth;
      // What sticks out: the innermost elements past the right edge (none of their children is), not clipped by an ancestor.
      const clipped = (e: Element): boolean => e.parentElement !== null && (getComputedStyle(e.parentElement).overflowX !== "visible" || clipped(e.parentElement));
      const out = [...document.body.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5 && !clipped(e));
      const causes = out.filter((e) => !out.some((o) => o !== e && e.contains(o)));
      const describe = (e: Element) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === "string" ? `.${e.className.split(" ").join(".")}` : ""}${e.getAttribute("name") ? `[name=${e.getAttribute("name")}]` : ""}`;
      return by === 0 ? "no" : `${by} px: ${causes.slice(0, 5).map(describe).join(", ")}`;
    });
    expect.soft(sideways, `${name} at 390 px scrolls sideways`).toBe("no");
    await expectAccessible(page, `${name} at 390 px`);
    await mkdir(PHONE_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(PHONE_SCREENSHOTS, `${name}.png`), fullPage: true });
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/** Both checks of a settled page: axe at the page's own width, then expectPhoneFit. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await settled(page);
  await expectAccessible(page, name);
  await expectPhoneFit(page, name);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false);

/** Presses Tab (Shift+Tab with `backwards`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  if (!(await isFocused(target))) throw new Error(`${max} presses of Tab did not reach ${target}`);
}

/** What has the focus, and whether it shows: `:focus-visible` with an outline or a box shadow. */
export function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { element: "none", visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== "none";
    const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return { element: `${element.tagName.toLowerCase()} ${label}`, visible: element.matches(":focus-visible") && (outline || shadow) };
  });
}

export async function expectFocusVisible(page: Page): Promise<void> {
  const focused = await focusedElement(page);
  expect(focused, `the focus on ${focused.element} is visible`).toMatchObject({ visible: true });
}
