/**
 * unlink_telegram through POST /api/command (signed like the others, or with the session): the
 * link is gone and the member page has nothing to show; every way it can be refused (params, no
 * link, no proof of the signer, someone else's signature, a replay). And /me's choice between
 * Telegram's widget, the local stand-in and nothing.
 */
import { ALICE, BOB, ERIN, FRANK } from "../../fixtures/accounts.js";
import { nowSeconds, post, signedBody, telegramLogin, telegramParams, tokenFrom, unsignedBody, useIdentity, TEST_BOT_TOKEN } from "../../setup/identity.js";

const id = useIdentity();
let telegram: typeof import("../../../app/services/telegram.server.js");

beforeAll(async () => {
  telegram = await import("../../../app/services/telegram.server.js");
});

const link = async (account: typeof ALICE, username: string, telegramId: string) => {
  const login = telegramLogin({ id: telegramId, username, auth_date: String(nowSeconds() - 10n) });
  const answer = await post(id.route, (await signedBody(id.party, account, "register_telegram", telegramParams(login))).body);
  expect(answer.status).toBe(200);
};
const linkedRows = async (address: string) => (await id.sql.query("select username from app.telegram_links where address = $1", [address])).rows;
const digestsOf = async (address: string) =>
  (await id.sql.query("select count(*)::int as n from app.used_command_digests where signer = $1 and command = 'unlink_telegram'", [address])).rows[0].n;

describe("unlink_telegram", () => {
  it("removes the link, signed: 200, nothing left to show", async () => {
    await link(ERIN, "erin_party", "4001");
    await post(id.route, (await signedBody(id.party, ERIN, "set_telegram_visibility", ["true"])).body);
    expect(await telegram.getVisibleTelegramUsername(ERIN.address)).toBe("erin_party");

    const answer = await post(id.route, (await signedBody(id.party, ERIN, "unlink_telegram")).body);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, command: "unlink_telegram", signer: ERIN.address } });
    expect(answer.body.telegram).toBeUndefined();
    expect(await linkedRows(ERIN.address)).toEqual([]);
    expect(await telegram.getVisibleTelegramUsername(ERIN.address)).toBeNull();
    expect(await telegram.getTelegramLink(ERIN.address)).toBeUndefined();
    // Then there is nothing to show or hide.
    const visibility = await post(id.route, (await signedBody(id.party, ERIN, "set_telegram_visibility", ["true"])).body);
    expect(visibility).toMatchObject({ status: 404, body: { message: "No Telegram account is linked to this address: register it first" } });
  });

  it("works with the session instead of a signature", async () => {
    const token = tokenFrom((await post(id.route, (await signedBody(id.party, FRANK, "log_in")).body)).setCookie);
    await link(FRANK, "frank_party", "4002");
    const answer = await post(id.route, unsignedBody(FRANK.address, "unlink_telegram"), { token });
    expect(answer.status).toBe(200);
    expect(await linkedRows(FRANK.address)).toEqual([]);
  });

  it("answers 404 when nothing is linked, and leaves the signature unused", async () => {
    const answer = await post(id.route, (await signedBody(id.party, BOB, "unlink_telegram")).body);
    expect(answer).toMatchObject({ status: 404, body: { message: "No Telegram account is linked to this address: register it first" } });
    expect(await digestsOf(BOB.address)).toBe(0);
  });

  it("takes no params (400, before any signature is asked for)", async () => {
    const answer = await post(id.route, unsignedBody(ALICE.address, "unlink_telegram", ["alice_party"]));
    expect(answer).toMatchObject({ status: 400, body: { message: "unlink_telegram takes no params" } });
  });

  it("answers 401 without a session or signature, and for another account's signature; the link stays", async () => {
    await link(ALICE, "alice_unlink", "4003");
    const unsigned = await post(id.route, unsignedBody(ALICE.address, "unlink_telegram"));
    expect(unsigned).toMatchObject({ status: 401, body: { message: `Not signed in as ${ALICE.address}: sign the command` } });
    const forged = await post(id.route, (await signedBody(id.party, BOB, "unlink_telegram", [], { signer: ALICE.address })).body);
    expect(forged).toMatchObject({ status: 401, body: { message: `The signature does not verify for ${ALICE.address}` } });
    expect(await linkedRows(ALICE.address)).toEqual([{ username: "alice_unlink" }]);
  });

  it("refuses a replay of an accepted unlink (409), even after linking again", async () => {
    const { body } = await signedBody(id.party, ALICE, "unlink_telegram");
    expect((await post(id.route, body)).status).toBe(200);
    await link(ALICE, "alice_again", "4004");
    const replay = await post(id.route, body);
    expect(replay).toMatchObject({ status: 409, body: { message: "This signed command was already accepted: sign a new one" } });
    expect(await linkedRows(ALICE.address)).toEqual([{ username: "alice_again" }]);
  });
});

describe("the local stand-in's login data", () => {
  it("is what Telegram would send: the widget's fields with Telegram's hash, the id fixed by the username", () => {
    const made = telegram.standInTelegramLogin("local_member", TEST_BOT_TOKEN, 1_700_000_000);
    if (!made.ok) throw new Error(made.message);
    const { hash, ...fields } = made.value;
    expect(fields).toEqual({ id: expect.stringMatching(/^[1-9][0-9]*$/), first_name: "local_member", username: "local_member", auth_date: "1700000000" });
    // The hash computed independently of the app (tests/setup/identity.ts), from Telegram's description.
    expect(hash).toBe(telegramLogin(fields).hash);
    expect(telegram.verifyTelegramLogin(made.value, TEST_BOT_TOKEN, 1_700_000_010)).toMatchObject({ ok: true, value: { username: "local_member" } });
    const again = telegram.standInTelegramLogin("Local_Member", TEST_BOT_TOKEN);
    expect(again.ok && again.value.id).toBe(fields.id);
  });

  it.each(["abc", "1starts_with_digit", "has space", "has-dash", "x".repeat(33), ""])("refuses the username %j with 400", (username) => {
    expect(telegram.standInTelegramLogin(username, TEST_BOT_TOKEN)).toEqual({
      ok: false,
      status: 400,
      message: "username must be 5 to 32 letters, digits or underscores, starting with a letter (Telegram's rule)",
      said: { key: "refusals.telegram.username", values: undefined },
    });
  });
});

describe("how /me links Telegram", () => {
  const withEnv = async (values: Record<string, string | undefined>, run: () => void) => {
    const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
    const set = (entries: Record<string, string | undefined>) => {
      for (const [k, v] of Object.entries(entries)) v === undefined ? delete process.env[k] : (process.env[k] = v);
    };
    set(values);
    try {
      run();
    } finally {
      set(saved);
    }
  };

  it("the local chain: the stand-in, with a local bot token even when none is set", async () => {
    expect(telegram.telegramLoginMethod()).toEqual({ kind: "stand-in" });
    const { env, LOCAL_TELEGRAM_BOT_TOKEN } = await import("../../../app/ground/env.server.js");
    await withEnv({ TELEGRAM_BOT_TOKEN: undefined }, () => expect(env().TELEGRAM_BOT_TOKEN).toBe(LOCAL_TELEGRAM_BOT_TOKEN));
  });

  it("production: Telegram's widget for TELEGRAM_BOT_NAME when the bot's token is set too, else none", async () => {
    const { env } = await import("../../../app/ground/env.server.js");
    await withEnv({ PARTY_ENV: "production", TELEGRAM_BOT_NAME: "party_test_bot" }, () => {
      expect(telegram.telegramLoginMethod()).toEqual({ kind: "widget", botName: "party_test_bot" });
    });
    await withEnv({ PARTY_ENV: "production", TELEGRAM_BOT_NAME: "party_test_bot", TELEGRAM_BOT_TOKEN: undefined }, () => {
      expect(env().TELEGRAM_BOT_TOKEN).toBeUndefined();
      expect(telegram.telegramLoginMethod()).toBeNull();
    });
    await withEnv({ PARTY_ENV: "production" }, () => expect(telegram.telegramLoginMethod()).toBeNull());
    await withEnv({ TELEGRAM_BOT_NAME: "@party_bot" }, () => expect(() => env()).toThrow(/TELEGRAM_BOT_NAME: a bot's username/));
  });
});
