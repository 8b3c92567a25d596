/**
 * One Lighthouse run of one URL: a fresh headless Chromium (Debian's, through chrome-launcher, a
 * fresh profile each time, as Lighthouse's CLI does), Lighthouse's default config (mobile, the
 * simulated slow-4G and 4× CPU throttling), the four categories the bench reports.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CATEGORIES } from "./report.js";

export const CHROMIUM = "/usr/bin/chromium";

export async function auditUrl(url: string, { chromePath = CHROMIUM }: { chromePath?: string } = {}): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // A page Lighthouse could not load still gets a report; its scores would measure an error page.
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}
