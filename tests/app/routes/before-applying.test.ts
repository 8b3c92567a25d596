/**
 * /before-applying (issue 28 item 5) over HTTP against the production server: the plain page of
 * what goes on chain for good and what stays private, in the member's language; a signed-in
 * account confirms it once (stored off chain, read back by hasConfirmedDisclosure), and goes on
 * only to a path of this site; never cached. Refusals: signed out 401, another account's form 403.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { errorOf, get, h1, text, type Page } from "../../setup/html.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
let disclosures: typeof import("../../../app/models/disclosures.server");
beforeAll(async () => {
  stack = await startStack({ seed: false });
  // hasConfirmedDisclosure in this process, on the stack's database.
  Object.assign(process.env, stack.appEnv);
  disclosures = await import("../../../app/models/disclosures.server");
});
afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await stack?.stop();
});

const newAccount = () => privateKeyToAccount(generatePrivateKey()).address;
async function confirm(token: string | undefined, fields: Record<string, string>, language?: string): Promise<Page & { location: string | null }> {
  const cookie = [token ? `__Host-session=${token}` : "", language ? `lng=${language}` : ""].filter(Boolean).join("; ");
  const response = await fetch(`${stack.appUrl}/before-applying`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, main: /<main>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? "", location: response.headers.get("location") };
}

it("says what goes on chain for good and what stays private, in the member's language, and asks a stranger to sign in", async () => {
  const said = {
    en: ["Before you apply", "Public, on the blockchain, for good", "Your votes on your chapter's evaluations, and their scores.", "Private, off chain, erasable", "Sign in (top right)"],
    de: ["Bevor Sie sich bewerben", "Öffentlich, auf der Blockchain, für immer", "Ihre Stimmen zu den Bewertungen Ihrer Ortsgruppe", "Privat, außerhalb der Blockchain, löschbar", "Melden Sie sich an"],
    ar: ["قبل أن تقدّم طلبك", "علني، على السلسلة، إلى الأبد", "أصواتك في تقييمات فرعك", "خاص، خارج السلسلة، قابل للمحو", "سجّل الدخول"],
  };
  for (const [language, texts] of Object.entries(said)) {
    const page = await get(stack.appUrl, "/before-applying", { cookie: `lng=${language}` });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(h1(page)).toBe(texts[0]);
    for (const t of texts) expect(text(page.main), `${language}: ${t}`).toContain(t);
    expect(page.main).not.toContain("<form");
  }
});

it("is confirmed once by the signed-in account, which then goes on to a path of this site only", async () => {
  const account = newAccount();
  const token = await sessionFor(stack, account);
  expect(await disclosures.hasConfirmedDisclosure(account)).toBe(false);
  let page = await getAs(stack.appUrl, "/before-applying?next=/chapters/1", token);
  expect(page.main).toContain('data-confirmed="no"');
  expect(page.main).toContain('name="next" value="/chapters/1"');

  const confirmed = await confirm(token, { account, next: "/chapters/1" }, "de");
  expect([confirmed.status, confirmed.location]).toEqual([303, "/chapters/1"]);
  expect(await disclosures.hasConfirmedDisclosure(account)).toBe(true);
  expect(await disclosures.hasConfirmedDisclosure(account.toLowerCase())).toBe(true);
  expect(await stack.query(`select version, language from app.disclosure_confirmations where account = $1`, [account.toLowerCase()])).toEqual([
    { version: disclosures.DISCLOSURE_VERSION, language: "de" },
  ]);
  page = await getAs(stack.appUrl, "/before-applying", token);
  expect(page.main).toContain('data-confirmed="yes"');
  expect(text(page.main)).toMatch(/You confirmed that you read this on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);

  for (const elsewhere of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "chapters/1"]) {
    expect((await confirm(token, { account, next: elsewhere })).location, elsewhere).toBe("/before-applying");
  }
  // A text changed since (another version) asks again.
  await stack.query(`update app.disclosure_confirmations set version = 'older' where account = $1`, [account.toLowerCase()]);
  expect(await disclosures.hasConfirmedDisclosure(account)).toBe(false);
});

it("refuses a signed-out confirmation (401) and another account's form (403), in the page's language", async () => {
  const account = newAccount();
  const token = await sessionFor(stack, account);
  const other = newAccount();
  const forged = await confirm(token, { account: other }, "ar");
  expect([forged.status, errorOf(forged)?.message]).toEqual([403, "هذا النموذج يؤكد لحساب آخر: أعد تحميل الصفحة وأنت مسجّل الدخول بحسابك."]);
  const signedOut = await confirm(undefined, { account });
  expect([signedOut.status, errorOf(signedOut)?.message]).toEqual([401, "Sign in (top right) to confirm that you have read this."]);
  expect(await disclosures.hasConfirmedDisclosure(account)).toBe(false);
  expect(await disclosures.hasConfirmedDisclosure(other)).toBe(false);
});
