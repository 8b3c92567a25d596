/**
 * register_telegram and set_telegram_visibility through POST /api/command: Telegram's login
 * widget hash, the 24-hour limit, the four required fields (SPEC 5), the stored link and the
 * member page's read (visible only when the member chose so).
 */
import { createHash, createHmac } from "node:crypto";
import { ALICE, BOB, CAROL, DAVE } from "../../fixtures/accounts.js";
import { nowSeconds, post, signedBody, telegramLogin, telegramParams, tokenFrom, unsignedBody, useIdentity, TEST_BOT_TOKEN, type TelegramFields } from "../../setup/identity.js";

const id = useIdentity();
let telegram: typeof import("../../../app/services/telegram.server.js");
let aliceToken: string;

beforeAll(async () => {
  telegram = await import("../../../app/services/telegram.server.js");
  aliceToken = tokenFrom((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body)).setCookie);
});

const authDate = (secondsAgo = 60) => String(nowSeconds() - BigInt(secondsAgo));
const aliceTelegram = () =>
  telegramLogin({ id: "987654321", first_name: "Alice", last_name: "Liddell", username: "alice_party", photo_url: "https://t.me/i/userpic/320/alice.jpg", auth_date: authDate() });

const links = async (address: string) =>
  (await id.sql.query("select telegram_id::text, username, first_name, last_name, photo_url, auth_date, visible from app.telegram_links where address = $1", [address])).rows;

describe("the login widget's hash", () => {
  it("is HMAC-SHA-256 of the sorted key=value lines, keyed by SHA-256(bot token)", () => {
    const fields = { username: "bob", id: "42", auth_date: "1700000000", first_name: "Bob" };
    const expected = createHmac("sha256", createHash("sha256").update(TEST_BOT_TOKEN).digest())
      .update("auth_date=1700000000\nfirst_name=Bob\nid=42\nusername=bob")
      .digest("hex");
    expect(telegram.telegramDataCheckString(fields)).toBe("auth_date=1700000000\nfirst_name=Bob\nid=42\nusername=bob");
    expect(telegram.telegramHash(fields, TEST_BOT_TOKEN)).toBe(expected);
  });
});

describe("register_telegram", () => {
  it("links the account: 200, stored hidden", async () => {
    const login = aliceTelegram();
    const answer = await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(login)), { token: aliceToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, command: "register_telegram", signer: ALICE.address, telegram: { username: "alice_party", visible: false } });
    expect(await links(ALICE.address)).toEqual([
      {
        telegram_id: "987654321",
        username: "alice_party",
        first_name: "Alice",
        last_name: "Liddell",
        photo_url: "https://t.me/i/userpic/320/alice.jpg",
        auth_date: Number(login.auth_date),
        visible: false,
      },
    ]);
    expect(await telegram.getVisibleTelegramUsername(ALICE.address)).toBeNull();
  });

  it("works with a signature instead of a session, and with the optional fields absent", async () => {
    const login = telegramLogin({ id: "111222333", username: "bob_party", auth_date: authDate() });
    const { body } = await signedBody(id.party, BOB, "register_telegram", telegramParams(login));
    expect(body.message.params).toEqual(["111222333", "", "", "bob_party", "", login.auth_date, login.hash]);
    const answer = await post(id.route, body);
    expect(answer.status).toBe(200);
    expect(await links(BOB.address)).toMatchObject([{ telegram_id: "111222333", username: "bob_party", first_name: null, last_name: null, photo_url: null }]);
  });

  it.each([
    ["a changed hash", (l: TelegramFields) => ({ ...l, hash: l.hash!.replace(/^./, (c) => (c === "a" ? "b" : "a")) })],
    ["a hash that is not hex", (l: TelegramFields) => ({ ...l, hash: "z".repeat(64) })],
    ["a changed username", (l: TelegramFields) => ({ ...l, username: "mallory" })],
    ["a changed id", (l: TelegramFields) => ({ ...l, id: "987654322" })],
    ["a later auth_date", (l: TelegramFields) => ({ ...l, auth_date: String(Number(l.auth_date) + 1) })],
    ["an added field", (l: TelegramFields) => ({ ...l, last_name: "Mallory" })],
    ["a hash made with another bot's token", () => telegramLogin({ id: "987654321", username: "alice_party", auth_date: authDate() }, "999:other")],
  ])("refuses %s with 400", async (_, tamper) => {
    const login = tamper(telegramLogin({ id: "987654321", username: "alice_party", auth_date: authDate() }));
    const answer = await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(login)), { token: aliceToken });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Telegram login data does not verify: the hash does not match");
  });

  it("refuses login data more than 24 hours old", async () => {
    const login = telegramLogin({ id: "987654321", username: "alice_party", auth_date: authDate(24 * 60 * 60 + 5) });
    const answer = await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(login)), { token: aliceToken });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Telegram login data is more than 24 hours old: log in with Telegram again");
  });

  it("accepts login data 23 hours old", async () => {
    const login = telegramLogin({ id: "987654321", username: "alice_party", auth_date: authDate(23 * 60 * 60) });
    expect((await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(login)), { token: aliceToken })).status).toBe(200);
  });

  it.each(["id", "username", "auth_date", "hash"] as const)("answers 400 `%s is not set` when it is missing", async (field) => {
    const login: TelegramFields = { ...aliceTelegram(), [field]: "" };
    // Signed, so the answer is about the field and nothing else.
    const { body } = await signedBody(id.party, ALICE, "register_telegram", telegramParams(login));
    const answer = await post(id.route, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`${field} is not set`);
  });

  it("checks the params before asking for a signature (no session, no signature)", async () => {
    const answer = await post(id.route, unsignedBody(DAVE.address, "register_telegram", telegramParams({ ...aliceTelegram(), username: "" })));
    expect(answer).toMatchObject({ status: 400, body: { message: "username is not set" } });
    const valid = await post(id.route, unsignedBody(DAVE.address, "register_telegram", telegramParams(aliceTelegram())));
    expect(valid.status).toBe(401);
  });

  it("refuses more than seven params and a malformed id", async () => {
    const tooMany = await post(id.route, unsignedBody(ALICE.address, "register_telegram", [...telegramParams(aliceTelegram()), "x"]), { token: aliceToken });
    expect(tooMany.status).toBe(400);
    const badId = telegramLogin({ id: "12ab", username: "alice_party", auth_date: authDate() });
    const answer = await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(badId)), { token: aliceToken });
    expect(answer).toMatchObject({ status: 400, body: { message: "id must be a Telegram user id (a positive whole number)" } });
  });
});

describe("set_telegram_visibility and the member page", () => {
  it("shows and hides the username", async () => {
    const show = await post(id.route, unsignedBody(ALICE.address, "set_telegram_visibility", ["true"]), { token: aliceToken });
    expect(show.status).toBe(200);
    expect(show.body.telegram).toEqual({ username: "alice_party", visible: true });
    expect(await telegram.getVisibleTelegramUsername(ALICE.address)).toBe("alice_party");
    // Any spelling of the address.
    expect(await telegram.getVisibleTelegramUsername(ALICE.address.toLowerCase() as `0x${string}`)).toBe("alice_party");

    const hide = await post(id.route, unsignedBody(ALICE.address, "set_telegram_visibility", ["false"]), { token: aliceToken });
    expect(hide.body.telegram).toEqual({ username: "alice_party", visible: false });
    expect(await telegram.getVisibleTelegramUsername(ALICE.address)).toBeNull();
  });

  it("answers 404 with no linked account, and leaves the signature unused", async () => {
    const { body } = await signedBody(id.party, CAROL, "set_telegram_visibility", ["true"]);
    const answer = await post(id.route, body);
    expect(answer).toMatchObject({ status: 404, body: { message: "No Telegram account is linked to this address: register it first" } });
    const { rows } = await id.sql.query("select count(*)::int as n from app.used_command_digests where signer = $1", [CAROL.address]);
    expect(rows[0].n).toBe(0);
  });

  it("keeps the choice when the same Telegram account is linked again, resets it for another", async () => {
    await post(id.route, unsignedBody(ALICE.address, "set_telegram_visibility", ["true"]), { token: aliceToken });
    await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(aliceTelegram())), { token: aliceToken });
    expect(await telegram.getVisibleTelegramUsername(ALICE.address)).toBe("alice_party");

    const other = telegramLogin({ id: "555", username: "alice_second", auth_date: authDate() });
    const answer = await post(id.route, unsignedBody(ALICE.address, "register_telegram", telegramParams(other)), { token: aliceToken });
    expect(answer.body.telegram).toEqual({ username: "alice_second", visible: false });
    expect(await telegram.getVisibleTelegramUsername(ALICE.address)).toBeNull();
  });

  it("moves a Telegram account linked from another address (one member per Telegram account)", async () => {
    const login = telegramLogin({ id: "111222333", username: "bob_party", auth_date: authDate() });
    const { body } = await signedBody(id.party, CAROL, "register_telegram", telegramParams(login));
    expect((await post(id.route, body)).status).toBe(200);
    expect(await links(BOB.address)).toEqual([]);
    expect(await links(CAROL.address)).toMatchObject([{ telegram_id: "111222333", username: "bob_party" }]);
  });
});
