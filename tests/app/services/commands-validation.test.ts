/**
 * POST /api/command with EOA signatures, how a request is checked: replay (also under
 * concurrency), the signing-time window, domain and signer mismatches, malformed requests. The
 * session side: commands-session.test.ts.
 */
import { ALICE, BOB, CAROL } from "../../fixtures/accounts.js";
import { commandRequestBody, commandTypedData, encodeCommand, newCommandMessage } from "../../../app/utils/command-typed-data.js";
import { commandRequest, nowSeconds, post, signedBody, tokenFrom, unsignedBody, useIdentity, VIA_PROXY, type Answer } from "../../setup/identity.js";
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";

const id = useIdentity();

describe("replay under concurrency", () => {
  it("accepts one of several identical signed requests sent at once", async () => {
    const { body } = await signedBody(id.party, CAROL, "log_in");
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(id.route, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("records the EIP-712 digest of each accepted signed command", async () => {
    const { message, body } = await signedBody(id.party, CAROL, "log_in");
    expect((await post(id.route, body)).status).toBe(200);
    const { hashTypedData } = await import("viem");
    const digest = hashTypedData(commandTypedData(id.party, message));
    const { rows } = await id.sql.query("select signer, command from app.used_command_digests where digest = $1", [digest]);
    expect(rows).toEqual([{ signer: CAROL.address, command: "log_in" }]);
  });
});

describe("the signing time", () => {
  it("refuses a signedAt older than 5 minutes", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in", [], { signedAt: nowSeconds() - 301n });
    const answer = await post(id.route, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("The command expired: signedAt is more than 5 minutes ago");
  });

  it("accepts a signedAt 4 minutes old", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in", [], { signedAt: nowSeconds() - 240n });
    expect((await post(id.route, body)).status).toBe(200);
  });

  it("refuses a signedAt more than 30 s ahead", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in", [], { signedAt: nowSeconds() + 60n });
    const answer = await post(id.route, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("signedAt is in the future: check the device's clock");
  });

  it("accepts a signedAt 20 s ahead (clock skew)", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in", [], { signedAt: nowSeconds() + 20n });
    expect((await post(id.route, body)).status).toBe(200);
  });

  it("checks the window for session-authenticated commands too", async () => {
    const token = tokenFrom((await post(id.route, (await signedBody(id.party, BOB, "log_in")).body)).setCookie);
    expect((await post(id.route, unsignedBody(BOB.address, "log_in", [], nowSeconds() - 600n), { token })).status).toBe(400);
  });
});

describe("signatures that do not verify answer 401", () => {
  const digestCount = async () => (await id.sql.query<{ n: number }>("select count(*)::int as n from app.used_command_digests")).rows[0]!.n;
  let before: number;
  beforeAll(async () => {
    before = await digestCount();
  });

  it("signed for another chain id", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in", [], { domain: { chainId: 1 } });
    const answer = await post(id.route, body);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(`The signature does not verify for ${ALICE.address}`);
  });

  it("signed for another verifying contract", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in", [], { domain: { verifyingContract: BOB.address } });
    expect((await post(id.route, body)).status).toBe(401);
  });

  it("signed for another domain name or version", async () => {
    expect((await post(id.route, (await signedBody(id.party, ALICE, "log_in", [], { domain: { name: "Other" } })).body)).status).toBe(401);
    expect((await post(id.route, (await signedBody(id.party, ALICE, "log_in", [], { domain: { version: "2" } })).body)).status).toBe(401);
  });

  it("signed by BOB for message.signer ALICE", async () => {
    const { body } = await signedBody(id.party, BOB, "log_in", [], { signer: ALICE.address });
    expect((await post(id.route, body)).status).toBe(401);
  });

  it("a valid signature over other params", async () => {
    const { body } = await signedBody(id.party, ALICE, "set_telegram_visibility", ["true"]);
    const tampered = { ...body, message: { ...body.message, params: ["false"] } };
    expect((await post(id.route, tampered)).status).toBe(401);
  });

  it("garbage bytes", async () => {
    const body = commandRequestBody(newCommandMessage(ALICE.address, "log_in"), `0x${"ab".repeat(65)}`);
    expect((await post(id.route, body)).status).toBe(401);
  });

  it("and nothing is recorded for them", async () => {
    expect(await digestCount()).toBe(before);
  });
});

describe("malformed requests", () => {
  const valid = () => unsignedBody(ALICE.address, "log_in");

  it.each([
    ["not JSON", "{", "The request body is not valid JSON"],
    ["no message", {}, "message is required"],
    ["a bad signer", { message: { ...valid().message, signer: "0x1234" } }, "message.signer must be 0x followed by 40 hex digits"],
    ["a short command", { message: { ...valid().message, command: "0x6c6f67" } }, "message.command must be bytes32: 0x followed by 64 hex digits"],
    ["a negative signedAt", { message: { ...valid().message, signedAt: -1 } }, "message.signedAt must be unix seconds (uint64), as a whole number or a decimal string"],
    ["a fractional signedAt", { message: { ...valid().message, signedAt: 1.5 } }, "message.signedAt must be unix seconds (uint64), as a whole number or a decimal string"],
    ["a signedAt over uint64", { message: { ...valid().message, signedAt: "18446744073709551616" } }, "message.signedAt must fit in uint64"],
    ["params not a list", { message: { ...valid().message, params: "x" } }, "message.params Expected array, received string"],
    ["a signature that is not hex", { ...valid(), signature: "0xzz" }, "signature must be 0x-prefixed hex bytes"],
  ])("400 for %s", async (_, body, message) => {
    const answer = await post(id.route, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it("accepts signedAt as a JSON number", async () => {
    const token = tokenFrom((await post(id.route, (await signedBody(id.party, CAROL, "log_in")).body)).setCookie);
    const body = unsignedBody(CAROL.address, "log_in");
    const answer = await post(id.route, { message: { ...body.message, signedAt: Number(body.message.signedAt) } }, { token });
    expect(answer.status).toBe(200);
  });

  it("400 for params a command does not take", async () => {
    const answer = await post(id.route, unsignedBody(ALICE.address, "log_in", ["extra"]));
    expect(answer).toMatchObject({ status: 400, body: { message: "log_in takes no params" } });
    const visibility = await post(id.route, unsignedBody(ALICE.address, "set_telegram_visibility", ["yes"]));
    expect(visibility).toMatchObject({ status: 400, body: { message: 'set_telegram_visibility takes one param, "true" or "false"' } });
  });

  it("422 for an unknown command, before asking for a signature", async () => {
    const body = unsignedBody(ALICE.address, "log_in");
    const answer = await post(id.route, { message: { ...body.message, command: encodeCommand("log_in").replace("6c6f675f696e", "64656c657465") } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Unknown command "delete"');
    const binary = await post(id.route, { message: { ...body.message, command: `0x${"ff".repeat(32)}` } });
    expect(binary.body.message).toBe(`Unknown command "0x${"ff".repeat(32)}"`);
  });

  it("415 for a body that is not JSON", async () => {
    const response = await id.route.action({
      request: commandRequest(JSON.stringify(valid()), { headers: { "content-type": "text/plain" } }),
      params: {},
      context: VIA_PROXY,
    });
    expect(response.status).toBe(415);
  });

  it("413 for a body over 64 KB", async () => {
    const body = { ...valid(), padding: "x".repeat(70_000) };
    const answer = await post(id.route, body);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("The request body is larger than 64 KB");
  });

  it("405 for GET (the loader) and for other methods", async () => {
    const get = id.route.loader();
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ message: "Only POST is allowed here" });
    const put = await id.route.action({ request: new Request("https://party.test/api/command", { method: "PUT" }), params: {}, context: {} });
    expect(put.status).toBe(405);
  });
});

describe("refusals in the page's language", () => {
  const valid = () => unsignedBody(ALICE.address, "log_in");
  /** The answer's keyed message as a page in `language` says it (the wallet's alert: app/i18n/spec-texts.ts). */
  const say = ({ key, values }: Answer["body"], language = "de") => tFor(language)(String(key), values);

  it.each([
    ["a bad signer", { message: { ...valid().message, signer: "0x1234" } }, "refusals.command.signer", "message.signer muss 0x gefolgt von 40 Hexadezimalziffern sein"],
    ["params not a list", { message: { ...valid().message, params: "x" } }, "refusals.command.wrongType", "message.params: array erwartet, string erhalten"],
    ["extra params", unsignedBody(ALICE.address, "log_in", ["extra"]), "refusals.command.noParams", "log_in nimmt keine Parameter"],
  ])("400 for %s: the English as before, with its key and values", async (_, body, key, shown) => {
    const answer = await post(id.route, body);
    expect(answer).toMatchObject({ status: 400, body: { message: expect.any(String), key } });
    expect(say(answer.body)).toBe(shown);
    expect(say(answer.body, "en")).toBe(answer.body.message);
  });

  it("409 for a replayed signed command, said in German and Arabic", async () => {
    const { body } = await signedBody(id.party, BOB, "log_in");
    expect((await post(id.route, body)).status).toBe(200);
    const replay = await post(id.route, body);
    expect(replay).toMatchObject({
      status: 409,
      body: { message: "This signed command was already accepted: sign a new one", key: "refusals.command.replay", values: {} },
    });
    expect(say(replay.body)).toBe("Dieser signierte Befehl wurde schon angenommen: Signieren Sie einen neuen");
    expect(say(replay.body, "ar")).toBe("قُبل هذا الأمر الموقَّع من قبل: وقّع أمرًا جديدًا");
  });
});
