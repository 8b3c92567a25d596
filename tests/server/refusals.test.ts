/**
 * What the production server (server/index.ts over the build) says when it refuses, in the
 * language the request asks for (cookie `lng`, else Accept-Language: app/i18n/language.ts): the
 * request guard's 429 on a page's form, the render gate's 503 as plain text, and /verify's reason
 * for a proof it cannot read. The JSON API keeps its English `message`. Each case sends from its
 * own loopback address, the client the guard and the gate count by. The texts themselves:
 * tests/app/i18n/refusals.test.ts.
 */
import { request as httpRequest } from "node:http";
import { deflateRawSync } from "node:zlib";
import pg from "pg";
import { errorOf, text, type Page } from "../setup/html.js";
import { startStack, type Stack } from "../setup/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ seed: false });
}, 240_000);
afterAll(() => stack?.stop());

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request from the loopback address `from`. */
function send(path: string, { from, method = "GET", headers = {}, body }: { from: string; method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(`${stack.appUrl}${path}`, { method, headers, localAddress: from, agent: false }, (res) => {
      let answer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (answer += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: answer }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The answer as a page (app/entry.server.tsx cuts React 18's zero-byte padding: it is not taken out here). */
const asPage = (answer: Answer): Page => ({
  status: answer.status,
  headers: new Headers(),
  body: answer.body,
  main: /<main>([\s\S]*?)<\/main>/.exec(answer.body)?.[1] ?? "",
});

/** Polls `check` until it holds (state, not time; vitest's timeout bounds it). */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

describe("the request guard's 429 on a page's form", () => {
  const from = "127.0.0.41";
  const form = (path: string, headers: Record<string, string> = {}) =>
    send(path, { from, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "account=0x" });

  it("shows in the page's language with its Retry-After; the JSON API answers the same refusal in English", async () => {
    // The "default" bucket: 100 POSTs a minute per client. Signed out, each stops at the 401 after the guard.
    for (let sent = 0; sent < 100; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => form(i % 2 ? "/me/notifications" : "/me")));
      expect(batch.map((a) => a.status)).toEqual(Array(20).fill(401));
    }

    const german = await form("/me/notifications", { cookie: "lng=de" });
    const seconds = Number(german.headers["retry-after"]);
    expect([german.status, seconds >= 1 && seconds <= 60]).toEqual([429, true]);
    expect(errorOf(asPage(german))).toMatchObject({
      status: 429,
      title: "429 · Zu viele Anfragen",
      message: expect.stringMatching(/^Zu viele Anfragen: höchstens 100 pro Minute\. Versuchen Sie es in \d+ Sekunden? erneut\.$/),
    });

    const arabic = await form("/me", { "accept-language": "ar, en;q=0.5" });
    expect([arabic.status, Number(arabic.headers["retry-after"]) >= 1]).toEqual([429, true]);
    expect(errorOf(asPage(arabic))?.message).toMatch(/^طلبات كثيرة جدًا: الحد الأقصى 100 في الدقيقة\. حاول مرة أخرى بعد /);

    // The same bucket through the JSON API, asked in German: English `{ message }` only, as before.
    const api = await send("/api/operations", { from, method: "POST", headers: { "content-type": "application/json", cookie: "lng=de" }, body: "{}" });
    const wait = Number(api.headers["retry-after"]);
    expect([api.status, api.headers["content-type"], JSON.parse(api.body)]).toEqual([
      429,
      "application/json; charset=utf-8",
      { message: `Too many requests: at most 100 per minute. Try again in ${wait} s.` },
    ]);
  });
});

describe("the render gate's 503", () => {
  it("is plain text in the request's language, with Retry-After", async () => {
    // Chapter pages wait on this lock, so the flood's renders stay in flight while the test looks.
    const lock = new pg.Client({ connectionString: stack.databaseUrl });
    await lock.connect();
    const from = "127.0.0.42";
    const refused: Answer[] = [];
    let flood: Promise<Answer>[] = [];
    try {
      await lock.query("begin");
      await lock.query(`lock table "${stack.viewsSchema}".chapters in access exclusive mode`);
      // 2 render and 64 wait (server/index.ts RENDERS), the other 4 are refused (held a second first): the queue is full then.
      flood = Array.from({ length: 70 }, (_, i) =>
        send(`/chapters/${i + 1}`, { from }).then((a) => (a.status === 503 && refused.push(a), a)),
      );
      await until(async () => refused.length === 4);
      // While it stays full, a page asked in German or Arabic is refused in that language.
      refused.push(await send("/chapters/100", { from, headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.8" } }));
      refused.push(await send("/chapters/101", { from, headers: { cookie: "lng=ar", "accept-language": "de" } }));
    } finally {
      await lock.query("rollback");
      await lock.end();
    }
    expect((await Promise.all(flood)).filter((a) => a.status === 503)).toHaveLength(4);
    const said = (body: string) => ({ status: 503, "content-type": "text/plain; charset=utf-8", "retry-after": "5", body });
    const english = said("Too many pages requested at once from this address: try again in a few seconds.");
    expect(refused.map((a) => ({ status: a.status, "content-type": a.headers["content-type"], "retry-after": a.headers["retry-after"], body: a.body }))).toEqual([
      english,
      english,
      english,
      english,
      said("Zu viele Seiten auf einmal von dieser Adresse angefordert: Versuchen Sie es in ein paar Sekunden erneut."),
      said("طُلبت صفحات كثيرة جدًا دفعة واحدة من هذا العنوان: حاول مرة أخرى بعد بضع ثوانٍ."),
    ]);
  });
});

describe("/verify with a proof it cannot read", () => {
  const verify = (proof: string, headers: Record<string, string>) =>
    send(`/verify?proof=${encodeURIComponent(proof)}`, { from: "127.0.0.43", headers }).then(asPage);
  const reasonOf = (page: Page) => {
    const section = /<section class="card proof-result" data-outcome="invalid" data-reason="([\w-]+)">([\s\S]*?)<\/section>/.exec(page.main);
    return section && { reason: section[1], heading: text(/<h2>([\s\S]*?)<\/h2>/.exec(section[2]!)?.[1] ?? ""), why: text(/<p class="failure-reason">([\s\S]*?)<\/p>/.exec(section[2]!)?.[1] ?? "") };
  };

  it("says which part is wrong in German and Arabic, keeping data-reason", async () => {
    expect(reasonOf(await verify("hello", { cookie: "lng=de" }))).toEqual({
      reason: "malformed",
      heading: "Nicht gültig: Fehlerhafter Nachweis",
      why: "Der Nachweis muss mit seiner Art und einem Punkt beginnen: „pm1.“ (Mitgliedsnachweis) oder „sv1.“ (Bestätigung eines Social-Media-Kontos)",
    });
    const fields = `pm1.${deflateRawSync(JSON.stringify({ signer: "0x12", signedAt: 1, signature: "0x" })).toString("base64url")}`;
    expect(reasonOf(await verify(fields, { "accept-language": "de" }))).toMatchObject({
      reason: "bad-fields",
      why: "Die Felder des Nachweises sind nicht gültig: signer muss eine Adresse sein (0x und 40 Hexadezimalziffern)",
    });
    expect(reasonOf(await verify("zz9.abcd", { cookie: "lng=ar" }))).toMatchObject({
      reason: "unknown-kind",
      why: "نوع إثبات غير معروف «zz9»: الأنواع المعروفة pm1 (إثبات عضوية) وsv1 (توثيق حساب على وسائل التواصل)",
    });
    // English as the service says it.
    expect(reasonOf(await verify(fields, {}))?.why).toBe("The proof's fields are not valid: signer must be an address (0x and 40 hex digits)");
  });
});
