/**
 * POST /api/command with EOA signatures, the session side: the 401 → sign → resend flow (the
 * route's and the client helper's), the session cookie, log_out, expiry and housekeeping, and a
 * database outage. How a request is checked (replay, signing time, signatures, shape):
 * commands-validation.test.ts.
 */
import { createHash } from "node:crypto";
import { ALICE, BOB, CAROL } from "../../fixtures/accounts.js";
import { formatCommandError, newCommandMessage, sendCommand } from "../../../app/utils/command-typed-data.js";
import { post, signedBody, tokenFrom, unsignedBody, useIdentity, VIA_PROXY } from "../../setup/identity.js";

const id = useIdentity();

const sessionRows = async (address: string) =>
  (await id.sql.query<{ id: string; address: string; expires_at: Date; revoked_at: Date | null }>("select * from app.sessions where address = $1 order by created_at", [address])).rows;

describe("the sign-in flow", () => {
  let aliceToken: string;
  let replayBody: unknown;

  it("answers 401 without a session and without a signature", async () => {
    const answer = await post(id.route, unsignedBody(ALICE.address, "log_in"));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(`Not signed in as ${ALICE.address}: sign the command`);
    expect(answer.setCookie).toBeNull();
  });

  it("accepts log_in signed by an EOA and starts a session behind a __Host- cookie", async () => {
    const { body } = await signedBody(id.party, ALICE, "log_in");
    replayBody = body;
    const answer = await post(id.route, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, command: "log_in", signer: ALICE.address });
    aliceToken = tokenFrom(answer.setCookie);
    expect(answer.setCookie).toBe(`__Host-session=${aliceToken}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(Buffer.from(aliceToken, "base64url")).toHaveLength(32);

    const rows = await sessionRows(ALICE.address);
    expect(rows).toHaveLength(1);
    // Only the token's hash is stored.
    expect(rows[0]!.id).toBe(createHash("sha256").update(aliceToken).digest("hex"));
    expect(rows[0]!.id).not.toContain(aliceToken);
    const days = (rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
    expect(answer.body.expiresAt).toBe(rows[0]!.expires_at.toISOString());
  });

  it("refuses the same signed request again with 409 (replay)", async () => {
    const answer = await post(id.route, replayBody);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/already accepted/);
    expect(answer.setCookie).toBeNull();
    expect(await sessionRows(ALICE.address)).toHaveLength(1);
  });

  it("accepts a second command with the cookie and no signature", async () => {
    const answer = await post(id.route, unsignedBody(ALICE.address, "log_in"), { token: aliceToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, command: "log_in", signer: ALICE.address });
    // The existing session is kept: no new cookie, no new row.
    expect(answer.setCookie).toBeNull();
    expect(await sessionRows(ALICE.address)).toHaveLength(1);
  });

  it("does not let a session of one address authenticate another", async () => {
    const answer = await post(id.route, unsignedBody(BOB.address, "log_in"), { token: aliceToken });
    expect(answer.status).toBe(401);
  });

  it("ignores a cookie that names no session", async () => {
    const answer = await post(id.route, unsignedBody(ALICE.address, "log_in"), { token: "A".repeat(43) });
    expect(answer.status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const { body } = await signedBody(id.party, CAROL, "log_in");
    const token = tokenFrom((await post(id.route, body)).setCookie);
    await id.sql.query("update app.sessions set expires_at = now() - interval '1 second' where address = $1", [CAROL.address]);
    expect((await post(id.route, unsignedBody(CAROL.address, "log_in"), { token })).status).toBe(401);
  });

  it("log_out revokes the session and clears the cookie; the cookie no longer works", async () => {
    const { body } = await signedBody(id.party, BOB, "log_in");
    const token = tokenFrom((await post(id.route, body)).setCookie);
    expect((await post(id.route, unsignedBody(BOB.address, "log_in"), { token })).status).toBe(200);

    const out = await post(id.route, unsignedBody(BOB.address, "log_out"), { token });
    expect(out.status).toBe(200);
    expect(out.setCookie).toBe("__Host-session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
    const [row] = await sessionRows(BOB.address);
    expect(row!.revoked_at).not.toBeNull();
    expect((await post(id.route, unsignedBody(BOB.address, "log_in"), { token })).status).toBe(401);
  });

  it("a new signed log_in from a browser with a session replaces (revokes) the old one", async () => {
    const first = tokenFrom((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body)).setCookie);
    const second = tokenFrom((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body, { token: first })).setCookie);
    expect(second).not.toBe(first);
    expect((await post(id.route, unsignedBody(ALICE.address, "log_in"), { token: first })).status).toBe(401);
    expect((await post(id.route, unsignedBody(ALICE.address, "log_in"), { token: second })).status).toBe(200);
  });
});

describe("log_out without a session", () => {
  it("still answers 200 and clears the cookie (nothing to prove to end nothing)", async () => {
    const answer = await post(id.route, unsignedBody(ALICE.address, "log_out"));
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toBe("__Host-session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});

describe("while the database is unreachable", () => {
  it("answers 503 { message }", async () => {
    const { closeDb } = await import("../../../db/client.server.js");
    const url = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/none";
    try {
      const { body } = await signedBody(id.party, ALICE, "log_in");
      const answer = await post(id.route, body);
      expect(answer).toMatchObject({ status: 503, body: { message: "The database is not reachable right now. Try again in a few seconds." } });
    } finally {
      await closeDb();
      process.env.DATABASE_URL = url;
    }
    expect((await post(id.route, (await signedBody(id.party, ALICE, "log_in")).body)).status).toBe(200);
  });
});

describe("housekeeping", () => {
  it("purges digests accepted over an hour ago and sessions expired or revoked over a day ago", async () => {
    const { purgeDigests } = await import("../../../app/services/commands.server.js");
    const { purgeSessions } = await import("../../../app/models/sessions.server.js");
    await id.sql.query("insert into app.used_command_digests (digest, signer, command, accepted_at) values ('0xold', $1, 'log_in', now() - interval '2 hours')", [ALICE.address]);
    await id.sql.query(
      `insert into app.sessions (id, address, expires_at, revoked_at) values
         ('expired', $1, now() - interval '2 days', null), ('revoked', $1, now() + interval '1 day', now() - interval '2 days'),
         ('recently-revoked', $1, now() + interval '1 day', now() - interval '1 hour')`,
      [ALICE.address],
    );
    expect(await purgeDigests()).toBe(1);
    expect(await purgeSessions()).toBe(2);
    const { rows } = await id.sql.query("select id from app.sessions where id in ('expired', 'revoked', 'recently-revoked')");
    expect(rows).toEqual([{ id: "recently-revoked" }]);
  });
});

describe("the client helpers", () => {
  it("formatCommandError is the SPEC 8 alert text", () => {
    expect(formatCommandError("username is not set", 400)).toBe("Error sending command: username is not set (400)");
  });

  it("sendCommand sends without a signature, signs on 401 and resends", async () => {
    const signed: unknown[] = [];
    const fetchVia: typeof fetch = async (input, init) => {
      const request = new Request(new URL(String(input), "https://party.test"), { ...init, headers: { ...(init?.headers as Record<string, string>), "x-forwarded-for": "10.200.0.1" } });
      return id.route.action({ request, params: {}, context: VIA_PROXY });
    };
    const result = await sendCommand({
      message: newCommandMessage(ALICE.address, "log_in", [], Date.now() - 9_000),
      verifyingContract: id.party,
      fetch: fetchVia,
      sign: async (typedData) => {
        signed.push(typedData);
        return ALICE.signTypedData(typedData);
      },
    });
    expect(result).toMatchObject({ ok: true, command: "log_in", signer: ALICE.address });
    expect(signed).toHaveLength(1);

    await expect(
      sendCommand({ message: newCommandMessage(ALICE.address, "log_in", [], Date.now() - 600_000), verifyingContract: id.party, fetch: fetchVia, sign: async () => "0x" }),
    ).rejects.toThrow("Error sending command: The command expired: signedAt is more than 5 minutes ago (400)");
  });
});
