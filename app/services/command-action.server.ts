/**
 * Carrying out a command of POST /api/command: read and check the request, authenticate it by
 * session or signature, then apply it and record its digest in one transaction.
 */
import type { Address } from "viem";
import { db } from "../../db/client.server";
import { resolveLanguage, type Language } from "../i18n/language";
import { unavailableResponse } from "../../db/query.server";
import { rememberLanguage } from "../models/notifications.server";
import { createSession, findSession, revokeSession, type Executor } from "../models/sessions.server";
import { track } from "../utils/analytics.server";
import type { CommandSuccess } from "../utils/command-typed-data";
import { message as keyed } from "../i18n/message";
import { json, refused, refusedJson, type Refused } from "../utils/http.server";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "../utils/session-cookie.server";
import {
  commandDigest,
  fail,
  housekeepSometimes,
  prepareCommand,
  readCommandRequest,
  recordDigest,
  verifyCommandSignature,
  type PreparedCommand,
} from "./commands.server";
import { linkTelegram, setTelegramVisibility, unlinkTelegram } from "./telegram.server";

/** A refusal's answer: `{ message, key, values }`, the English as it always was, and the key the wallet shows it in the page's language by. */
const failure = (status: number, key: string, values?: Record<string, string>) => refusedJson(fail(status, key, values));

type Outcome = { status: 200; body: CommandSuccess; cookie?: string; signedIn?: boolean } | Refused;

/** The whole of POST /api/command once the request passed the POST guard (app/routes/api.command.ts has the contract). */
export async function handleCommand(request: Request): Promise<Response> {

  try {
    const now = Date.now();
    const parsed = await readCommandRequest(request, now);
    if (!parsed.ok) return refusedJson(parsed);
    const { message, name, signature } = parsed;

    const prepared = prepareCommand(name, message.params, now);
    if (!prepared.ok) return refusedJson(prepared);

    const command = prepared.command;
    const token = readSessionToken(request);

    // Logging out needs no proof: it ends the session this browser holds, whoever it belongs to.
    if (command.name === "log_out") {
      const session = await findSession(token);
      await revokeSession(token);
      const mine = session?.address === message.signer;
      track("command sent", { command: name, method: "session" }, mine ? message.signer : undefined);
      return json(200, { ok: true, command: name, signer: message.signer } satisfies CommandSuccess, { "set-cookie": clearedSessionCookie() });
    }

    let method: "session" | "signature";
    if (signature) {
      const verdict = await verifyCommandSignature(message, signature);
      if (verdict === "unavailable") return refusedJson(refused(503, keyed("refusals.proof.chainUnavailable")));
      if (verdict === "invalid") return failure(401, "badSignature", { signer: message.signer });
      method = "signature";
    } else {
      const session = await findSession(token);
      if (session?.address !== message.signer) return failure(401, "notSignedIn", { signer: message.signer });
      method = "session";
    }

    const digest = signature ? commandDigest(message) : undefined;
    // The digest and the command's effect commit together: a command that fails leaves its
    // signature unused, and a replay changes nothing.
    const outcome = await db()
      .transaction(async (tx): Promise<Outcome> => {
        if (digest && !(await recordDigest(tx, digest, message))) {
          return fail(409, "replay");
        }
        // The page's language (the browser sends its `lng` cookie): linking Telegram keeps it for the messages.
        const language = resolveLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
        const result = await run(tx, command, message.signer, { token, fresh: method === "signature", language });
        if (!("body" in result)) throw new Refusal(result);
        return result;
      })
      .catch((error: unknown) => {
        if (error instanceof Refusal) return error.outcome;
        throw error;
      });
    housekeepSometimes();

    if (!("body" in outcome)) return refusedJson(outcome);
    track("command sent", { command: name, method }, message.signer);
    if (outcome.signedIn) track("signed in", { method }, message.signer);
    return json(200, outcome.body, outcome.cookie ? { "set-cookie": outcome.cookie } : {});
  } catch (error) {
    if (isUniqueViolation(error)) return failure(409, "concurrent");
    if (unavailableResponse(error)) return failure(503, "databaseUnavailable");
    console.error("POST /api/command failed:", error);
    return failure(500, "failed");
  }
}

async function run(
  tx: Executor,
  command: Exclude<PreparedCommand, { name: "log_out" }>,
  signer: Address,
  { token, fresh, language }: { token: string | undefined; fresh: boolean; language: Language },
): Promise<Outcome> {
  const ok = (extra: Partial<CommandSuccess> = {}): CommandSuccess => ({ ok: true, command: command.name, signer, ...extra });
  switch (command.name) {
    case "log_in": {
      if (!fresh) {
        // Already signed in as the signer: keep that session.
        const session = await findSession(token);
        return { status: 200, body: ok({ expiresAt: session?.expiresAt.toISOString() }) };
      }
      // A signed log-in replaces whatever session this browser had.
      await revokeSession(token, { executor: tx });
      const created = await createSession(signer, { executor: tx });
      return { status: 200, body: ok({ expiresAt: created.expiresAt.toISOString() }), cookie: sessionCookie(created.token), signedIn: true };
    }
    case "register_telegram": {
      const link = await linkTelegram(signer, command.login, tx);
      await rememberLanguage(signer, language, tx);
      return { status: 200, body: ok({ telegram: { username: link.username, visible: link.visible } }) };
    }
    case "set_telegram_visibility": {
      const link = await setTelegramVisibility(signer, command.visible, tx);
      if (!link) return nothingLinked();
      return { status: 200, body: ok({ telegram: { username: link.username, visible: link.visible } }) };
    }
    case "unlink_telegram": {
      if (!(await unlinkTelegram(signer, tx))) return nothingLinked();
      return { status: 200, body: ok() };
    }
  }
}

const nothingLinked = (): Refused => refused(404, keyed("refusals.telegram.notLinked"));

/** Rolls the command's transaction back with an answer. */
class Refusal extends Error {
  constructor(readonly outcome: Outcome) {
    super("refused");
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
