/**
 * The refusals' texts (app/locales/<language>/refusals.ts): the request guard's, the production
 * server's and /verify's reasons say in English exactly what the service says (its `message`), and
 * in German and Arabic their own words around the same values, the numbers in plural forms.
 * Through the server and the pages: tests/server/refusals.test.ts.
 */
import { deflateRawSync } from "node:zlib";
import { tFor } from "../../../app/i18n/instance";
import { interpolation, type Message } from "../../../app/i18n/message";
import { createGuard, type Bucket } from "../../../app/utils/post-guard.server";
import { decodeProof, MAX_ENCODED_PROOF_LENGTH } from "../../../app/utils/proofs/codec";
import { ALICE } from "../../fixtures/accounts.js";

const say = (language: string, text: Message) => tFor(language)(text.key, interpolation(text.values));
const encode = (prefix: string, json: unknown) => `${prefix}.${deflateRawSync(Buffer.from(JSON.stringify(json))).toString("base64url")}`;
const signature = `0x${"ab".repeat(65)}`;

describe("the request guard", () => {
  let now = 1_000_000;
  const ONE = { limit: 1, windowMs: 60_000 };
  const guard = createGuard({ now: () => now, limits: { command: ONE, signin: ONE, default: ONE, lookup: ONE } });
  const request = () => new Request("https://party.test/api/x", { method: "POST" });
  /** The refusal of a second request `seconds` before the client's window ends. */
  const refusedFor = async (seconds: number, ip: string, bucket: Bucket = "command") => {
    await guard.limit(request(), { bucket, context: { socketAddress: ip } });
    now += (60 - seconds) * 1000;
    return (await guard.limit(request(), { bucket, context: { socketAddress: ip } }))!;
  };

  it("says its 429 in English as the JSON API does, and in German and Arabic with the seconds in plural forms", async () => {
    const english: string[] = [];
    for (const [i, bucket] of (["command", "signin", "default", "lookup"] as const).entries()) {
      const refused = await refusedFor(60, `10.0.0.${i}`, bucket);
      expect(say("en", refused.text)).toBe(refused.message);
      english.push(refused.message);
    }
    expect(english).toEqual([
      "Too many commands: at most 1 per minute. Try again in 60 s.",
      "Too many sign-ins: at most 1 per minute. Try again in 60 s.",
      "Too many requests: at most 1 per minute. Try again in 60 s.",
      "Too many lookups: at most 1 per minute. Try again in 60 s.",
    ]);
    const one = (await refusedFor(1, "10.1.0.1")).text;
    expect(say("de", one)).toBe("Zu viele Befehle: höchstens 1 pro Minute. Versuchen Sie es in 1 Sekunde erneut.");
    expect(say("ar", one)).toBe("أوامر كثيرة جدًا: الحد الأقصى 1 في الدقيقة. حاول مرة أخرى بعد ثانية واحدة.");
    expect(say("ar", (await refusedFor(2, "10.1.0.2")).text)).toContain("بعد ثانيتين.");
    expect(say("ar", (await refusedFor(5, "10.1.0.5")).text)).toContain("بعد 5 ثوانٍ.");
    expect(say("de", (await refusedFor(40, "10.1.0.40")).text)).toBe("Zu viele Befehle: höchstens 1 pro Minute. Versuchen Sie es in 40 Sekunden erneut.");
  });

  it("says its cross-site 403 in each language, naming what it saw", async () => {
    const refused = (await guard.post(new Request("https://party.test/me", { method: "POST", headers: { origin: "https://evil.test" } }), { bucket: "default" }))!;
    expect([refused.status, say("en", refused.text)]).toEqual([403, refused.message]);
    expect(say("de", refused.text)).toBe("Anfragen von anderen Websites sind hier nicht erlaubt (Origin: https://evil.test)");
    expect(say("ar", refused.text)).toBe("الطلبات القادمة من مواقع أخرى غير مسموح بها هنا (Origin: https://evil.test)");
  });
});

describe("a proof that does not decode", () => {
  const good = { signer: ALICE.address, signedAt: 1_700_000_000, signature };
  const social = { service: "x", displayName: "A", chapterId: "1", account: ALICE.address, signature };
  const inputs = [
    "",
    "hello",
    "zz9.abcd",
    "pm1.ab+/",
    `pm1.${"A".repeat(MAX_ENCODED_PROOF_LENGTH)}`,
    "pm1.__8B",
    `pm1.${deflateRawSync(Buffer.alloc(1_000_000, 32)).toString("base64url")}`,
    `pm1.${deflateRawSync(Buffer.from("not json")).toString("base64url")}`,
    encode("pm1", [1]),
    encode("pm1", { ...good, extra: 1 }),
    encode("pm1", { signer: ALICE.address, signature }),
    encode("pm1", { ...good, signer: "0x1234" }),
    encode("pm1", { ...good, signedAt: -1 }),
    encode("pm1", { ...good, signature: "0x1234" }),
    encode("pm1", { ...good, signature: "0xabc" }),
    encode("sv1", { ...social, service: "myspace" }),
    encode("sv1", { ...social, displayName: "" }),
    encode("sv1", { ...social, displayName: "A".repeat(101) }),
    encode("sv1", { ...social, displayName: "A\nB" }),
    encode("sv1", { ...social, displayName: " A" }),
    encode("sv1", { ...social, chapterId: "0" }),
  ];

  it("says in English exactly what the decoder says, and something else in German and Arabic", async () => {
    for (const input of inputs) {
      const result = await decodeProof(input);
      if (result.ok) throw new Error(`${input} decoded`);
      expect([input, say("en", result.text)]).toEqual([input, result.message]);
      for (const language of ["de", "ar"]) {
        const text = say(language, result.text);
        expect([input, language, text === result.message || text.includes("refusals.")]).toEqual([input, language, false]);
      }
    }
  });

  it("names the wrong field in German and Arabic, numbers in the language's format", async () => {
    const signer = await decodeProof(encode("pm1", { ...good, signer: "0x1234" }));
    const long = await decodeProof(`pm1.${"A".repeat(MAX_ENCODED_PROOF_LENGTH)}`);
    if (signer.ok || long.ok) throw new Error("decoded");
    expect(say("de", signer.text)).toBe("Die Felder des Nachweises sind nicht gültig: signer muss eine Adresse sein (0x und 40 Hexadezimalziffern)");
    expect(say("ar", signer.text)).toBe("حقول الإثبات غير صالحة: يجب أن يكون signer عنوانًا (‎0x و40 رقمًا ست عشريًا)");
    expect(say("de", long.text)).toBe("Der Nachweis ist länger als 8.192 Zeichen");
  });
});

describe("the production server's own answers", () => {
  it.each([
    ["en", "Too many pages requested at once from this address: try again in a few seconds."],
    ["de", "Zu viele Seiten auf einmal von dieser Adresse angefordert: Versuchen Sie es in ein paar Sekunden erneut."],
    ["ar", "طُلبت صفحات كثيرة جدًا دفعة واحدة من هذا العنوان: حاول مرة أخرى بعد بضع ثوانٍ."],
  ])("a full render queue in %s", (language, text) => {
    expect(say(language, { key: "refusals.server.busy" })).toBe(text);
  });
});
