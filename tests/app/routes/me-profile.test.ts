/**
 * The profile on /me and its form (POST /me/profile) over HTTP against the production server and
 * the seeded demo read model: the narrowest defaults, a saved profile, every refusal of issue 28
 * item 7 with its message in English, German and Arabic (a field the rules refuse comes back with
 * the form; the rest reach the error boundary), a name another member already shows nearby, and
 * the rule that no response a cache may keep carries a profile.
 */
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { errorOf, get, text, type Page } from "../../setup/html.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

const newAccount = () => privateKeyToAccount(generatePrivateKey()).address;
const profileSection = (page: Page) => /<section class="profile"[\s\S]*?<\/section>/.exec(page.main)?.[0] ?? "";
const selected = (html: string, name: string) => new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?<option value="(\\w+)" selected=""`).exec(html)?.[1];

type Fields = Record<string, string>;
const FORM = { displayNameVisibility: "executives", aboutVisibility: "self", displayName: "", about: "" };
async function post(token: string | undefined, fields: Fields, { language, headers = {} }: { language?: string; headers?: Record<string, string> } = {}) {
  const cookie = [token ? `__Host-session=${token}` : "", language ? `lng=${language}` : ""].filter(Boolean).join("; ");
  const response = await fetch(`${stack.appUrl}/me/profile`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const body = await response.text();
  const main = /<main>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? "";
  const page: Page = { status: response.status, headers: response.headers, body, main };
  const alert = /<p class="form-error" role="alert">([\s\S]*?)<\/p>/.exec(main)?.[1];
  return { status: response.status, location: response.headers.get("location"), said: alert ? text(alert) : errorOf(page)?.message, page };
}
/** A signed-in account of the demo data (or a new one), its session and its form's defaults. */
async function signedIn(address: Address | string = newAccount()) {
  const token = await sessionFor(stack, address);
  return { address, token, send: (fields: Fields, options?: Parameters<typeof post>[2]) => post(token, { account: address, ...FORM, ...fields }, options) };
}
const stored = async (address: string) =>
  (await stack.query(`select display_name, display_name_visibility, about, about_visibility from app.profiles where account = $1`, [address.toLowerCase()]))[0];

it("shows the narrowest defaults until a profile is saved, then what was saved; never cached", async () => {
  const { address, token, send } = await signedIn();
  let page = await getAs(stack.appUrl, "/me", token);
  expect(page.headers.get("cache-control")).toBe("private, no-store");
  let section = profileSection(page);
  expect(section).toContain('action="/me/profile"');
  expect([selected(section, "displayNameVisibility"), selected(section, "aboutVisibility")]).toEqual(["executives", "self"]);
  expect(text(section)).toContain("My chapter's executives");

  const saved = await send({ displayName: "  Rosa   Luxemburg ", displayNameVisibility: "chapter", about: "Hello,\r\nchapter!", aboutVisibility: "members" });
  expect([saved.status, saved.location]).toEqual([303, "/me#profile"]);
  expect(await stored(address)).toEqual({ display_name: "Rosa Luxemburg", display_name_visibility: "chapter", about: "Hello,\nchapter!", about_visibility: "members" });
  page = await getAs(stack.appUrl, "/me", token);
  section = profileSection(page);
  expect(section).toContain('value="Rosa Luxemburg"');
  expect([selected(section, "displayNameVisibility"), selected(section, "aboutVisibility")]).toEqual(["chapter", "members"]);

  // Emptied, the fields are gone; the visibilities stay chosen.
  expect((await send({ displayName: " ", about: "", displayNameVisibility: "self" })).status).toBe(303);
  expect(await stored(address)).toEqual({ display_name: null, display_name_visibility: "self", about: null, about_visibility: "self" });
});

describe("refuses, with its message in the page's language", () => {
  const cases: [string, Fields, number, Record<"en" | "de" | "ar", string>][] = [
    [
      "a name with a line break",
      { displayName: "Rosa\nLuxemburg" },
      400,
      {
        en: "The display name must be one line, without control or invisible characters.",
        de: "Der Anzeigename muss eine Zeile sein, ohne Steuer- oder unsichtbare Zeichen.",
        ar: "يجب أن يكون الاسم المعروض سطرًا واحدًا، بلا أحرف تحكّم أو أحرف غير مرئية.",
      },
    ],
    [
      "an over-long name",
      { displayName: "R".repeat(51) },
      400,
      { en: "The display name is at most 50 characters.", de: "Der Anzeigename hat höchstens 50 Zeichen.", ar: "الحد الأقصى لعدد أحرف الاسم المعروض: 50." },
    ],
    [
      "a name that is an address",
      { displayName: "0x7099…79C8" },
      400,
      {
        en: "The display name must not be or look like an address (0x…, a shortened one or an ENS name).",
        de: "Der Anzeigename darf keine Adresse sein und nicht wie eine aussehen (0x…, eine gekürzte oder ein ENS-Name).",
        ar: "يجب ألا يكون الاسم المعروض عنوانًا ولا يشبه عنوانًا (0x…، أو عنوانًا مختصرًا، أو اسم ENS).",
      },
    ],
    [
      "HTML in the name",
      { displayName: "<b>Rosa</b>" },
      400,
      {
        en: "The display name must be plain text, without HTML.",
        de: "Der Anzeigename muss reiner Text sein, ohne HTML.",
        ar: "يجب أن يكون الاسم المعروض نصًا عاديًا، بلا HTML.",
      },
    ],
    [
      "HTML in the short text",
      { about: '<img src=x onerror="alert(1)">' },
      400,
      {
        en: "The short text must be plain text, without HTML.",
        de: "Der kurze Text muss reiner Text sein, ohne HTML.",
        ar: "يجب أن يكون النص القصير نصًا عاديًا، بلا HTML.",
      },
    ],
    [
      "a visibility that does not exist",
      { displayNameVisibility: "friends" },
      400,
      {
        en: "Choose who sees each field: only me, my chapter's executives, my chapter, all party members or everyone.",
        de: "Wählen Sie, wer jedes Feld sieht: nur ich, der Vorstand meiner Ortsgruppe, meine Ortsgruppe, alle Parteimitglieder oder alle.",
        ar: "اختر من يرى كل حقل: أنا فقط، أو الهيئة التنفيذية لفرعي، أو فرعي، أو كل أعضاء الحزب، أو الجميع.",
      },
    ],
    [
      "a field the form does not have",
      { owner: "0xabc" },
      400,
      { en: 'The profile form has no field "owner"', de: "Das Profilformular hat kein Feld „owner“", ar: "ليس في نموذج الملف الشخصي حقل «owner»" },
    ],
  ];
  it.each(cases)("%s", async (_what, fields, status, said) => {
    const { address, send } = await signedIn();
    for (const language of ["en", "de", "ar"] as const) {
      const answer = await send(fields, { language });
      expect([answer.status, answer.said], language).toEqual([status, said[language]]);
      expect(answer.page.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await stored(address)).toBeUndefined();
  });

  it("a form that names another account (403), a signed-out post (401), another site (403) and a huge form (413)", async () => {
    const mallory = await signedIn();
    const victim = await signedIn();
    const forged = await post(mallory.token, { ...FORM, account: victim.address, displayName: "Not me" }, { language: "de" });
    expect([forged.status, forged.said]).toEqual([
      403,
      "Dieses Formular legt das Profil eines anderen Kontos fest: Laden Sie /me neu, angemeldet mit dem Konto, das Sie ändern wollen.",
    ]);
    const signedOut = await post(undefined, { ...FORM, account: victim.address, displayName: "Not me" }, { language: "ar" });
    expect([signedOut.status, signedOut.said]).toEqual([401, "سجّل الدخول (أعلى الصفحة) لتغيير ملفك الشخصي."]);
    const crossSite = await victim.send({ displayName: "Not me" }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(text(crossSite.page.body)).toContain("Cross-site requests are not allowed here (Sec-Fetch-Site: cross-site)");
    const huge = await victim.send({ about: "a".repeat(10_000) });
    expect([huge.status, huge.said]).toEqual([413, "The form is larger than 8192 bytes"]);
    expect([await stored(victim.address), await stored(mallory.address)]).toEqual([undefined, undefined]);
  });

  it("without JavaScript, a refused form comes back with what was sent", async () => {
    const { send } = await signedIn();
    const answer = await send({ displayName: "anna.eth", about: "Kept as typed" });
    expect(answer.page.main).toContain('value="anna.eth"');
    expect(answer.page.main).toContain("Kept as typed");
    expect(answer.page.main).toContain('href="/me"');
  });
});

describe("a name another member already shows nearby", () => {
  let chapter: { a: string; b: string; other: string };
  beforeAll(async () => {
    const views = stack.viewsSchema;
    const [row] = await stack.query<{ a: string; b: string; other: string }>(
      `select (array_agg(m.account order by m.account))[1] as a, (array_agg(m.account order by m.account))[2] as b,
        (select account from ${views}.members where status = 'member' and chapter_id <> m.chapter_id order by account limit 1) as other
       from ${views}.members m where m.status = 'member' and m.executive_of is null and not m.party_executive
       group by m.chapter_id having count(*) >= 2 order by m.chapter_id limit 1`,
    );
    chapter = row!;
  });

  it("is refused in the same chapter, whatever its case and look-alike letters (409), and free elsewhere or while only its owner sees it", async () => {
    const anna = await signedIn(chapter.a);
    const twin = await signedIn(chapter.b);
    const elsewhere = await signedIn(chapter.other);
    expect((await anna.send({ displayName: "Anna Example", displayNameVisibility: "chapter" })).status).toBe(303);

    const copy = await twin.send({ displayName: "\u0410NNA  example", displayNameVisibility: "chapter" }, { language: "de" });
    expect([copy.status, copy.said]).toEqual([409, "Ein anderes Mitglied zeigt schon diesen Namen oder einen, der gleich aussieht: Wählen Sie einen anderen."]);
    // Seen by nobody but its owner, a name takes nothing from anyone.
    expect((await twin.send({ displayName: "Anna Example", displayNameVisibility: "self" })).status).toBe(303);
    // Another chapter does not see Anna's name.
    expect((await elsewhere.send({ displayName: "Anna Example", displayNameVisibility: "chapter" })).status).toBe(303);
    // Shown to all members, it is taken for them too.
    expect((await anna.send({ displayName: "Anna Example", displayNameVisibility: "members" })).status).toBe(303);
    expect((await (await signedIn()).send({ displayName: "anna example", displayNameVisibility: "everyone" })).status).toBe(409);
  });
});

it("no response a cache may keep carries a profile: the public pages, and the profile's own routes are private", async () => {
  const views = stack.viewsSchema;
  const members = await stack.query<{ account: string; chapter: string }>(
    `select account, chapter_id::text as chapter from ${views}.members where status = 'member' order by account limit 5`,
  );
  const visibilities = ["self", "executives", "chapter", "members", "everyone"];
  const names: string[] = [];
  for (const [i, m] of members.entries()) {
    const name = `Secretname${"ABCDE"[i]}`;
    // Names for everyone may be shown on public pages (issue 28 item 3); these may not.
    if (visibilities[i] !== "everyone") names.push(name, `Secret text ${i}`);
    await stack.query(
      `insert into app.profiles (account, display_name, display_name_visibility, about, about_visibility) values ($1, $2, $3, $4, $3)
       on conflict (account) do update set display_name = $2, display_name_visibility = $3, about = $4, about_visibility = $3`,
      [m.account, name, visibilities[i], `Secret text ${i}`],
    );
  }
  const paths = ["/", `/chapters/${members[0]!.chapter}`, `/chapters/${members[0]!.chapter}/applications`, "/members", `/members/${members[0]!.account}`, "/party", "/evaluations", "/before-applying", "/me/erased"];
  for (const path of paths) {
    const page = await get(stack.appUrl, path);
    for (const name of names) expect(page.body, `${path} shows ${name}`).not.toContain(name);
  }
  // The routes that carry a profile answer the signed-in account alone, never for a shared cache.
  const token = await sessionFor(stack, members[0]!.account);
  for (const path of ["/me", "/me.data", "/before-applying", "/me/data.json"]) {
    const page = await getAs(stack.appUrl, path, token);
    expect(page.status, path).toBe(200);
    expect(page.headers.get("cache-control"), path).toBe("private, no-store");
    expect(page.headers.get("surrogate-control"), path).toBeNull();
  }
  expect((await getAs(stack.appUrl, "/me", token)).body).toContain("SecretnameA");
});
