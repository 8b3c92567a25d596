/**
 * /dev/roles (issue #13), against the production server over the real build: with PARTY_ENV=local
 * it gives the signed-in account each role with one POST (seen through the contract's getters and
 * on the page itself), answers 401 without a session and a clear 4xx for a bad role or chapter or
 * what the chain's state does not allow; with PARTY_ENV=production the page and its action are
 * 404, also for a signed-in account, and send nothing. What a grant says (its lines and refusals) is
 * in the page's language (the `lng` cookie), the contract's names, addresses and hashes as they are.
 */
import { type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { text } from "../../setup/html.js";
import { signedBody, tokenFrom } from "../../setup/identity.js";
import { sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
let production: AppServer;
const me = privateKeyToAccount(generatePrivateKey());
let token: string;

beforeAll(async () => {
  stack = await startStack({ seed: true });
  production = await startAppServer({
    env: { ...stack.appEnv, PARTY_ENV: "production", PARTY_ADDRESS: stack.address, PARTY_START_BLOCK: "0" },
  });
  stack.adopt(production.stop);
  // Signed in with an EOA's signature, as the browser does with its account's.
  const { body } = await signedBody(stack.address, me, "log_in");
  const answer = await fetch(`${stack.appUrl}/api/command`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(answer.status).toBe(200);
  token = tokenFrom(answer.headers.get("set-cookie"));
});
afterAll(() => stack?.stop());

/** `as`: another session's token than `me`'s; `lng`: the page's language. */
type Options = { session?: boolean; headers?: Record<string, string>; as?: string; lng?: string };

async function page(base: string, { session = true, headers = {}, as, lng }: Options = {}, form?: Record<string, string>) {
  const cookie = [session ? `__Host-session=${as ?? token}` : "", lng ? `lng=${lng}` : ""].filter(Boolean).join("; ");
  const response = await fetch(`${base}/dev/roles`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = await response.text();
  return { status: response.status, body, main: text(/<main>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? "") };
}

const view = () => stack.read.read;
const held = (body: string, role: string) => new RegExp(`data-role="${role}"[\\s\\S]*?data-held="(yes|no)"`).exec(body)?.[1];

describe("PARTY_ENV=production", () => {
  it("answers 404 for the page and its action, signed in or not, and sends nothing", async () => {
    const answers = await Promise.all([
      page(production.url),
      page(production.url, { session: false }),
      page(production.url, {}, { role: "member", chapterId: "1" }),
      page(production.url, {}, { role: "party-admin" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expect(answers[0]!.main).toContain("404");
    expect(await view().memberChapter([me.address])).toBe(0n);
    expect(await view().pendingPartyAdmin()).not.toBe(me.address);
  });
});

describe("PARTY_ENV=local", () => {
  it("answers 401 without a session, for the page and its action", async () => {
    const [get, post] = await Promise.all([page(stack.appUrl, { session: false }), page(stack.appUrl, { session: false }, { role: "member" })]);
    expect([get.status, post.status]).toEqual([401, 401]);
    expect(get.main).toContain("Sign in (top right) to give your account roles here");
    expect(await view().memberChapter([me.address])).toBe(0n);
  });

  it("refuses a cross-site POST (403)", async () => {
    const answer = await page(stack.appUrl, { headers: { "sec-fetch-site": "cross-site" } }, { role: "member" });
    expect(answer.status).toBe(403);
  });

  it("lists every role with one button each, none held yet", async () => {
    const { status, body } = await page(stack.appUrl);
    expect(status).toBe(200);
    const roles = ["member", "chapter-executive", "party-executive", "chapter-admin", "evaluation-minter", "info-sender", "party-admin"];
    expect(roles.map((role) => held(body, role))).toEqual(roles.map(() => "no"));
    expect(body).toContain('<select name="chapterId"');
  });

  it("answers 400 for an unknown role or a bad chapter id, naming what is wrong", async () => {
    const [role, chapter] = await Promise.all([
      page(stack.appUrl, {}, { role: "king" }),
      page(stack.appUrl, {}, { role: "member", chapterId: "abc" }),
    ]);
    expect([role.status, chapter.status]).toEqual([400, 400]);
    expect(role.main).toContain('the role must be one of member, chapter-executive, party-executive, chapter-admin, evaluation-minter, info-sender, party-admin, got "king"');
    expect(chapter.main).toContain('the chapter id must be a whole number from 1, got "abc"');
  });

  it("gives the signed-in account each role with one click, and says what was done", async () => {
    const grant = async (form: Record<string, string>) => {
      const answer = await page(stack.appUrl, {}, form);
      expect([form.role, answer.status]).toEqual([form.role, 200]);
      expect(answer.body).toContain(`data-granted="${form.role}"`);
      return answer;
    };
    const member = await grant({ role: "member", chapterId: "2" });
    expect(member.main).toMatch(/applied to chapter 2 \(transaction 0x[0-9a-f]{64}\)/);
    expect(member.main).toContain(`joined chapter 2`);
    expect(member.main).toContain("The indexer shows it on the pages within a few seconds");
    await grant({ role: "chapter-executive", chapterId: "2" });
    await grant({ role: "party-executive", chapterId: "2" });
    for (const role of ["chapter-admin", "evaluation-minter", "info-sender"]) await grant({ role });
    const a: Address = me.address;
    expect([
      await view().memberChapter([a]),
      await view().chapterExecutiveOf([a]),
      await view().partyExecutive([a]),
      await view().chapterAdmin(),
      await view().evaluationMinter(),
      await view().infoSender(),
    ]).toEqual([2n, 2n, true, a, a, a]);

    // Asking for a chapter it is not in: 409, saying why.
    const conflict = await page(stack.appUrl, {}, { role: "member", chapterId: "3" });
    expect(conflict.status).toBe(409);
    expect(conflict.main).toContain(`${a} is a member of chapter 2, not 3: ask for chapter 2, or leave it first`);

    // The party admin is proposed; the page offers to accept it (the button is the wallet's, after hydration).
    const admin = await grant({ role: "party-admin" });
    expect(admin.main).toContain("Accept the party admin role");
    expect(await view().pendingPartyAdmin()).toBe(a);
    const after = await page(stack.appUrl);
    expect(after.body).toContain('data-pending="party-admin"');
    expect(["member", "chapter-executive", "party-executive", "chapter-admin", "evaluation-minter", "info-sender"].map((role) => held(after.body, role))).toEqual(Array(6).fill("yes"));
  });
});

describe("in the page's language", () => {
  const other = privateKeyToAccount(generatePrivateKey()).address;
  let session: string;
  beforeAll(async () => {
    session = await sessionFor(stack, other);
  });
  const german = () => ({ as: session, lng: "de" });
  const arabic = () => ({ as: session, lng: "ar" });

  it("says what a grant did in German, and that nothing was needed in Arabic", async () => {
    const granted = await page(stack.appUrl, german(), { role: "chapter-executive", chapterId: "3" });
    expect(granted.status).toBe(200);
    expect(granted.main).toContain("Erledigt: Vorstand einer Ortsgruppe");
    expect(granted.main).toMatch(new RegExp(`${other} hat sich bei der Ortsgruppe 3 beworben \\(Transaktion 0x[0-9a-f]{64}\\)`));
    expect(granted.main).toMatch(new RegExp(`Parteivorstand 0x[0-9a-fA-F]{40} hat ${other} zum Vorstand der Ortsgruppe 3 ernannt \\(Transaktion 0x[0-9a-f]{64}\\)`));
    expect(granted.main).not.toContain("applied to chapter");

    const again = await page(stack.appUrl, arabic(), { role: "member", chapterId: "3" });
    expect(again.status).toBe(200);
    expect(again.main).toContain(`لا شيء لإرساله: ${other} هو بالفعل عضو في الفرع 3`);
  });

  it("says why a role cannot be given in German and in Arabic", async () => {
    const [conflict, conflictAr, role, tooLarge] = await Promise.all([
      page(stack.appUrl, german(), { role: "member", chapterId: "4" }),
      page(stack.appUrl, arabic(), { role: "member", chapterId: "4" }),
      page(stack.appUrl, german(), { role: "king" }),
      page(stack.appUrl, german(), { role: "member", pad: "x".repeat(2000) }),
    ]);
    expect([conflict.status, conflictAr.status, role.status, tooLarge.status]).toEqual([409, 409, 400, 413]);
    expect(conflict.main).toContain(`${other} ist Mitglied der Ortsgruppe 3, nicht 4: Wählen Sie die Ortsgruppe 3, oder treten Sie zuerst aus`);
    expect(conflictAr.main).toContain(`${other} عضو في الفرع 3 لا في الفرع 4: اطلب الفرع 3، أو غادره أولًا`);
    expect(role.main).toContain("die Rolle muss eine von member, chapter-executive, party-executive, chapter-admin, evaluation-minter, info-sender, party-admin sein, erhalten: „king“");
    expect(tooLarge.main).toContain("Das Formular ist größer als 1024 Bytes");
    expect(await view().memberChapter([other])).toBe(3n);
  });
});
