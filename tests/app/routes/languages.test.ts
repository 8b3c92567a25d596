/**
 * Languages on the production server over the demo stack: the page's language comes from the
 * `lng` cookie, else Accept-Language, else English; Arabic pages are mirrored (`dir="rtl"`); the
 * header's switcher sets the cookie and comes back; errors, titles and descriptions are in the
 * page's language while the JSON API and the CSV exports stay English; and the page cache keeps
 * one copy of a page per language (its key is the URL and the language, nothing else).
 */
import { languageCookie } from "../../../app/i18n/language.js";
import { decode, errorOf, get, h1 } from "../../setup/html.js";
import { page, stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

const de = { "accept-language": "de-DE,de;q=0.9,en;q=0.5" };
const ar = { "accept-language": "ar-EG" };

const html = (body: string) => /<html ([^>]*)>/.exec(body)![1]!;
const title = (body: string) => decode(/<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "");
const description = (body: string) => decode(/<meta name="description" content="([^"]*)"/.exec(body)?.[1] ?? "");

it("Accept-Language picks German, and says so in <html lang> and Content-Language", async () => {
  const home = await get(stack.appUrl, "/", de);
  expect(home.status).toBe(200);
  expect(html(home.body)).toBe('lang="de" dir="ltr"');
  expect(h1(home)).toBe("Ortsgruppen");
  expect(home.headers.get("content-language")).toBe("de");
  expect(home.headers.get("vary")).toMatch(/\bAccept-Language\b/);
  expect(home.headers.get("vary")).toMatch(/\bCookie\b/);
  // The header: the German navigation, and the switcher's links to the other two languages, back to this page.
  expect(home.body).toContain(">Bewertungen</a>");
  expect(home.body).toContain('href="/language?lng=en&amp;to=%2F"');
  expect(home.body).toContain('href="/language?lng=ar&amp;to=%2F"');
});

it("the language cookie wins over Accept-Language; a language the product lacks falls back in order", async () => {
  const english = await get(stack.appUrl, "/", { ...de, cookie: languageCookie("en").split(";")[0]! });
  expect([html(english.body), h1(english)]).toEqual(['lang="en" dir="ltr"', "Chapters"]);
  const german = await get(stack.appUrl, "/", { "accept-language": "fr-FR, de;q=0.8, en;q=0.5" });
  expect(h1(german)).toBe("Ortsgruppen");
  expect(h1(await get(stack.appUrl, "/", { "accept-language": "fr" }))).toBe("Chapters");
  expect(h1(await get(stack.appUrl, "/", { cookie: "lng=xx", "accept-language": "de" }))).toBe("Ortsgruppen");
  expect(h1(await get(stack.appUrl, "/"))).toBe("Chapters");
});

it("Arabic is right to left: <html dir=rtl>, Arabic text", async () => {
  const chapter = await get(stack.appUrl, "/chapters/1", ar);
  expect(chapter.status).toBe(200);
  expect(html(chapter.body)).toBe('lang="ar" dir="rtl"');
  expect(chapter.main).toContain("الأعضاء");
  expect(chapter.headers.get("content-language")).toBe("ar");
});

it("pages in any language are whole documents of text: a doctype, no zero bytes, nothing left for the browser to render", async () => {
  // Zero bytes: React 18's stream renderer padded a chunk where a character's UTF-8 bytes did not
  // fit its 2 KB buffer (facebook/react#31134), every few kilobytes of Arabic or German. The string
  // renderer (app/entry.server.tsx) has no buffer, and no doctype of its own; a component that
  // suspended during its render would leave its fallback and a `<!--$!-->` marker instead, and
  // single fetch's data would be missing had the render not had it whole (readHandoffData).
  for (const [language, headers] of [["ar", ar], ["de", de], ["en", {}]] as const) {
    for (const path of ["/", "/chapters/1", "/chapters/1/applications", "/evaluations", "/members", "/party", "/info", "/proofs", "/verify"]) {
      const { status, body } = await get(stack.appUrl, path, headers);
      expect([path, language, status, body.slice(0, 15), body.indexOf("\u0000"), body.indexOf("<!--$!")]).toEqual([path, language, 200, "<!DOCTYPE html>", -1, -1]);
      // Single fetch's data is all in, in the one script that closes its stream (after </html>, as Remix renders it).
      expect(body.endsWith("window.__remixContext.streamController.close();</script><!--/$-->")).toBe(true);
    }
  }
});

it("the switcher remembers the choice in a long-lived Lax cookie and returns to the page", async () => {
  const switched = await get(stack.appUrl, "/language?lng=de&to=%2Fchapters%2F2%3Flimit%3D5");
  expect(switched.status).toBe(303);
  expect(switched.headers.get("location")).toBe("/chapters/2?limit=5");
  const cookie = switched.headers.get("set-cookie")!;
  expect(cookie).toBe(languageCookie("de"));
  expect(cookie).toMatch(/^lng=de; Path=\/; Max-Age=34560000; SameSite=Lax$/);
  expect(switched.headers.get("cache-control")).toBe("no-store");
  const back = await get(stack.appUrl, "/chapters/2", { cookie: cookie.split(";")[0]! });
  expect(html(back.body)).toBe('lang="de" dir="ltr"');
});

it("the switcher refuses an unknown language and any destination off this site, saying why", async () => {
  const cases: [string, RegExp][] = [
    ["/language?lng=fr&to=/", /lng must be one of en, de, ar, got "fr"/],
    ["/language?to=/", /lng must be one of en, de, ar, got ""/],
    ["/language?lng=de&to=https%3A%2F%2Fevil.example%2F", /to must be a path on this site/],
    ["/language?lng=de&to=%2F%2Fevil.example", /to must be a path on this site/],
    ["/language?lng=de&to=%2F%5Cevil.example", /to must be a path on this site/],
  ];
  for (const [path, message] of cases) {
    const answer = await get(stack.appUrl, path);
    expect([path, answer.status, answer.headers.get("location"), answer.headers.get("set-cookie")]).toEqual([path, 400, null, null]);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(answer.body).toMatch(message);
  }
  // In the language the request has, around the same values.
  expect((await get(stack.appUrl, "/language?lng=fr&to=/", de)).body).toBe('lng muss eine von en, de, ar sein, erhalten: „fr“');
});

it("error pages speak the page's language; the JSON API and the CSV exports answer in English", async () => {
  expect(errorOf(await get(stack.appUrl, "/chapters/999", de))).toEqual({
    status: 404,
    title: "404 · Nicht gefunden",
    message: "Die Ortsgruppe 999 gibt es nicht",
  });
  expect(errorOf(await get(stack.appUrl, "/evaluations/x", ar))).toEqual({
    status: 400,
    title: "400 · هذا الطلب غير صحيح",
    message: "يجب أن يكون رقم التقييم عددًا صحيحًا، والمُرسَل: «x»",
  });
  // A sentence with a link inside (<Trans>): the link holds its words.
  const unknown = await get(stack.appUrl, `/members/0x${"5e".repeat(20)}`, de);
  expect(unknown.main).toMatch(/<p class="not-a-member">Diese Adresse [^<]*<a [^>]*href="\/">Zur Liste der Ortsgruppen<\/a>, um/);
  const api = await fetch(`${stack.appUrl}/api/operations?sender=nope`, { headers: de });
  expect([api.status, await api.json()]).toEqual([400, { message: 'sender must be 0x followed by 40 hex digits, got "nope"' }]);
  const csv = await fetch(`${stack.appUrl}/chapters/999/roster.csv`, { headers: de });
  expect([csv.status, csv.headers.get("content-type"), await csv.text()]).toEqual([404, "text/plain; charset=utf-8", "Chapter 999 does not exist"]);
});

it("every page has a title and a description that say what is on it, in its language", async () => {
  const member = (await stack.query<{ account: string }>(`select account from ${stack.viewsSchema}.members where chapter_id = 1 limit 1`))[0]!.account;
  const pages = ["/", "/chapters/1", "/chapters/1/applications", "/members", `/members/${member}`, "/evaluations", "/evaluations/1", "/info", "/party", "/proofs", "/verify", "/add-device"];
  for (const path of pages) {
    const [en, german] = [await page(path), await get(stack.appUrl, path, de)];
    expect([path, german.status]).toEqual([path, 200]);
    expect([path, title(en.body)]).toEqual([path, expect.stringMatching(/^.+ · Party$/)]);
    expect([path, title(german.body)]).toEqual([path, expect.stringMatching(/^.+ · Partei$/)]);
    expect([path, description(en.body).length > 40, description(german.body).length > 40]).toEqual([path, true, true]);
    expect([path, description(german.body) === description(en.body)]).toEqual([path, false]);
  }
  // What is on the page: the chapter's name and counts, the member's address, the evaluation's number.
  const chapter = await page("/chapters/1");
  expect(title(chapter.body)).toBe(`${h1(chapter)} · Party`);
  expect(description(chapter.body)).toMatch(new RegExp(`^${h1(chapter)} \\(chapter 1\\): \\d+ members`));
  expect(description((await page(`/members/${member}`)).body)).toContain(member);
  expect(title((await get(stack.appUrl, "/evaluations/1", ar)).body)).toBe("التقييم 1 · الحزب");
});

it("times are UTC on the server, with the UTC text in the title, never relative (the page is cached)", async () => {
  const chapter = await get(stack.appUrl, "/chapters/1", de);
  const times = [...chapter.main.matchAll(/<time dateTime="([^"]+)" title="([^"]+)">([^<]+)<\/time>/g)];
  expect(times.length).toBeGreaterThan(3);
  for (const [, iso, utc, text] of times) {
    expect(utc).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect([text, iso!.replace("T", " ").slice(0, 16) + " UTC"]).toEqual([utc, utc]);
  }
  expect(chapter.main).not.toMatch(/\b(vor|ago|seit) \d+ (Sekunden|Minuten|Stunden|seconds|minutes|hours)\b/);
});

it("the page cache keeps one copy per language: the same URL in German and English, each served to its own", async () => {
  const path = "/chapters/3";
  const german1 = await get(stack.appUrl, path, de);
  const english1 = await get(stack.appUrl, path, { "accept-language": "en-US" });
  const german2 = await get(stack.appUrl, path, { cookie: "lng=de" });
  const english2 = await get(stack.appUrl, path);
  expect([german1.status, english1.status]).toEqual([200, 200]);
  expect(html(german1.body)).toBe('lang="de" dir="ltr"');
  expect(html(english1.body)).toBe('lang="en" dir="ltr"');
  // The second of each is the first one's copy, whichever header chose the language.
  expect(german2.headers.get("x-cache")).toBe("hit");
  expect(english2.headers.get("x-cache")).toBe("hit");
  expect(german2.body).toBe(german1.body);
  expect(english2.body).toBe(english1.body);
  expect(german1.headers.get("etag")).not.toBe(english1.headers.get("etag"));
  // Nothing else about a request splits the cache: another browser, another encoding, the same copy.
  const other = await get(stack.appUrl, path, { ...de, "user-agent": "Another/1.0", "accept-encoding": "identity" });
  expect([other.headers.get("x-cache"), other.body]).toEqual(["hit", german1.body]);
});
