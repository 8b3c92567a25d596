/**
 * POST /dev/telegram-login, the local chain's stand-in for Telegram's login widget, called as Remix
 * would: its answer is what the widget hands its callback, and sent as `register_telegram` it
 * links the account through the same checks as Telegram's own data (a tampered copy is refused);
 * bad requests answer 4xx with a message; with PARTY_ENV=production it is a 404 for every method.
 */
import { ALICE, GRACE } from "../../fixtures/accounts.js";
import { APP_URL, nextIp, post, signedBody, telegramLogin, telegramParams, useIdentity, VIA_PROXY, type TelegramFields } from "../../setup/identity.js";

const id = useIdentity();
type StandIn = typeof import("../../../app/routes/dev.telegram-login.js");
let standIn: StandIn;

beforeAll(async () => {
  standIn = await import("../../../app/routes/dev.telegram-login.js");
});

type Options = { method?: string; type?: string; headers?: Record<string, string> };

async function ask(body: unknown, { method = "POST", type = "application/json", headers = {} }: Options = {}) {
  const request = new Request(`${APP_URL}/dev/telegram-login`, {
    method,
    headers: { "content-type": type, "x-forwarded-for": nextIp(), ...headers },
    body: method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = method === "GET" ? standIn.loader() : await standIn.action({ request, params: {}, context: VIA_PROXY });
  return { status: response.status, body: (await response.json()) as TelegramFields & { message?: string; id?: number; auth_date?: number } };
}

/** Sends the widget's data as the signed register_telegram command. */
const register = async (as: typeof ALICE, data: TelegramFields) =>
  post(id.route, (await signedBody(id.party, as, "register_telegram", telegramParams(data))).body);

const asStrings = ({ id: telegramId, auth_date, ...rest }: TelegramFields & { id?: unknown; auth_date?: unknown }): TelegramFields => ({
  ...rest,
  id: String(telegramId),
  auth_date: String(auth_date),
});

describe("PARTY_ENV=local", () => {
  it("answers the widget's data, which links the account as register_telegram", async () => {
    const answer = await ask({ username: "alice_local" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      first_name: "alice_local",
      username: "alice_local",
      auth_date: expect.any(Number),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(Math.abs(answer.body.auth_date! - Date.now() / 1000)).toBeLessThan(60);
    // Telegram's hash, computed independently with the server's bot token.
    const { hash, ...fields } = asStrings(answer.body);
    expect(hash).toBe(telegramLogin(fields).hash);

    const linked = await register(ALICE, asStrings(answer.body));
    expect(linked).toMatchObject({ status: 200, body: { telegram: { username: "alice_local", visible: false } } });
  });

  it("its data, altered, is refused by register_telegram like Telegram's", async () => {
    const { body } = await ask({ username: "grace_local" });
    const answer = await register(GRACE, { ...asStrings(body), username: "grace_other" });
    expect(answer).toMatchObject({ status: 400, body: { message: "Telegram login data does not verify: the hash does not match" } });
  });

  it.each([
    ["a username Telegram would not take", { username: "no" }, 400, "username must be 5 to 32 letters, digits or underscores, starting with a letter (Telegram's rule)", "refusals.telegram.username", {}],
    ["no username", {}, 400, "username is not set", "refusals.telegram.notSet", { field: "username" }],
    ["a username that is not text", { username: 12345 }, 400, "username is not set", "refusals.telegram.notSet", { field: "username" }],
    ["JSON that is not an object", "[1]", 400, "username is not set", "refusals.telegram.notSet", { field: "username" }],
    ["a body that is not JSON", "{username", 400, "The request body is not valid JSON", "refusals.command.notJson", {}],
  ])("answers %s with %i: the English, and the key /me's form says it by", async (_, body, status, message, key, values) => {
    expect(await ask(body)).toEqual({ status, body: { message, key, values } });
  });

  it("answers 415 to a body that is not sent as JSON, 413 to a large one", async () => {
    expect(await ask("username=alice_local", { type: "application/x-www-form-urlencoded" })).toMatchObject({
      status: 415,
      body: { message: "Send { username } as JSON (content-type: application/json)", key: "refusals.command.type.username" },
    });
    expect(await ask({ username: "alice_local", padding: "x".repeat(5000) })).toMatchObject({
      status: 413,
      body: { message: "The request body is larger than 4 KB", key: "refusals.command.bodyTooLarge", values: { size: 4 } },
    });
  });

  it("answers 405 to a GET, 403 to a cross-site POST", async () => {
    expect(await ask(null, { method: "GET" })).toEqual({ status: 405, body: { message: "Only POST is allowed here" } });
    const crossSite = await ask({ username: "alice_local" }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toEqual(expect.any(String));
  });
});

describe("PARTY_ENV=production", () => {
  beforeAll(() => {
    process.env.PARTY_ENV = "production";
  });
  afterAll(() => {
    process.env.PARTY_ENV = "local";
  });

  it("is a 404 for a POST, a GET and a bad body alike", async () => {
    const notFound = { status: 404, body: { message: "Not found: the Telegram stand-in exists only on the local chain (PARTY_ENV=local)" } };
    expect(await ask({ username: "alice_local" })).toEqual(notFound);
    expect(await ask(null, { method: "GET" })).toEqual(notFound);
    expect(await ask("{bad", { type: "text/plain" })).toEqual(notFound);
  });
});
