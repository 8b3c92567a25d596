/**
 * Signed commands (POST /api/command): reading and checking the request, verifying the EIP-712
 * signature against the chain, the once-only digest record, and what each command does.
 *
 * Verification is viem's `verifyTypedData` over CHAIN_RPC_URL: an EOA signature is recovered
 * locally first (no RPC), anything else goes through the ERC-6492 universal validator in an
 * eth_call, which covers deployed smart accounts (ERC-1271) and undeployed ones (ERC-6492
 * wrapped). The domain is built here (chain 137, the party contract of this deployment), so a
 * signature made for another chain or contract simply does not verify.
 */
import { getAddress, hashTypedData, isAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { isBytes32 } from "../utils/hex";
import { usedCommandDigests } from "../../db/app-schema";
import { db } from "../../db/client.server";
import { lt } from "drizzle-orm";
import {
  COMMAND_MAX_AGE_SECONDS,
  COMMAND_MAX_FUTURE_SECONDS,
  commandTypedData,
  decodeCommand,
  describeCommand,
  type CommandMessage,
  type CommandName,
} from "../utils/command-typed-data";
import { env, partyAddress } from "../utils/env.server";
import { chainClient } from "./chain.server";
import { purgeSessions, type Executor } from "../models/sessions.server";
import { telegramDataFromParams, verifyTelegramLogin, type Checked, type TelegramLogin } from "./telegram.server";
import { readLimited } from "../utils/read-limited";

/** Larger bodies answer 413; an ERC-6492-wrapped passkey signature is about 2 KB. */
export const MAX_COMMAND_BODY_BYTES = 64 * 1024;
const UINT64_MAX = (1n << 64n) - 1n;

export type Failure = { ok: false; status: number; message: string };
const fail = (status: number, message: string): Failure => ({ ok: false, status, message });

const bodySchema = z.object({
  message: z.object(
    {
      signer: z.string({ required_error: "is required" }).refine((v) => isAddress(v, { strict: false }), "must be 0x followed by 40 hex digits"),
      command: z.string({ required_error: "is required" }).refine(isBytes32, "must be bytes32: 0x followed by 64 hex digits"),
      signedAt: z.unknown().transform((value, ctx) => {
        const whole =
          (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) || (typeof value === "string" && /^[0-9]{1,20}$/.test(value));
        if (!whole) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be unix seconds (uint64), as a whole number or a decimal string" });
          return z.NEVER;
        }
        const seconds = BigInt(value as number | string);
        if (seconds > UINT64_MAX) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must fit in uint64" });
          return z.NEVER;
        }
        return seconds;
      }),
      params: z.array(z.string().max(2048, "must be at most 2048 characters"), { required_error: "is required" }).max(16, "may have at most 16 entries"),
    },
    { required_error: "is required" },
  ),
  signature: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, "must be 0x-prefixed hex bytes")
    .max(40_000, "is too long")
    .nullish(),
});

export type CommandRequest = {
  ok: true;
  message: CommandMessage;
  name: CommandName;
  signature: Hex | undefined;
};

/** A JSON body of at most `maxBytes` (415 when it is not sent as JSON, 413 when larger, 400 when not JSON); `what` names it in the 415. */
export async function readJsonBody(request: Request, maxBytes: number, what: string): Promise<{ ok: true; value: unknown } | Failure> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return fail(415, `Send ${what} as JSON (content-type: application/json)`);
  const text = await readLimited(request, maxBytes);
  if (text === undefined) return fail(413, `The request body is larger than ${maxBytes / 1024} KB`);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return fail(400, "The request body is not valid JSON");
  }
}

/** Reads the body (JSON, at most 64 KB) and checks its form, the command and the signing time. */
export async function readCommandRequest(request: Request, nowMs = Date.now()): Promise<CommandRequest | Failure> {
  const body = await readJsonBody(request, MAX_COMMAND_BODY_BYTES, "the command");
  if (!body.ok) return body;
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(400, `${issue.path.join(".") || "body"} ${issue.message}`);
  }
  const { message: raw, signature } = parsed.data;
  const message: CommandMessage = {
    signer: getAddress(raw.signer),
    command: raw.command.toLowerCase() as Hex,
    signedAt: raw.signedAt,
    params: raw.params,
  };
  const name = decodeCommand(message.command);
  if (!name) return fail(422, `Unknown command "${describeCommand(message.command)}"`);
  const timing = checkSignedAt(message.signedAt, nowMs);
  if (!timing.ok) return timing;
  return { ok: true, message, name, signature: (signature ?? undefined) as Hex | undefined };
}

/** A command is valid from 30 s before its signedAt to 5 minutes after. */
export function checkSignedAt(signedAt: bigint, nowMs = Date.now()): { ok: true } | Failure {
  const now = BigInt(Math.floor(nowMs / 1000));
  if (signedAt + BigInt(COMMAND_MAX_AGE_SECONDS) < now) return fail(400, "The command expired: signedAt is more than 5 minutes ago");
  if (signedAt > now + BigInt(COMMAND_MAX_FUTURE_SECONDS)) return fail(400, "signedAt is in the future: check the device's clock");
  return { ok: true };
}


/** What a command needs, checked before anyone is authenticated (nothing here touches the database). */
export type PreparedCommand =
  | { name: "log_in" }
  | { name: "log_out" }
  | { name: "register_telegram"; login: TelegramLogin }
  | { name: "set_telegram_visibility"; visible: boolean }
  | { name: "unlink_telegram" };

export function prepareCommand(name: CommandName, params: readonly string[], nowMs = Date.now()): { ok: true; command: PreparedCommand } | Failure {
  switch (name) {
    case "log_in":
    case "log_out":
    case "unlink_telegram":
      if (params.length > 0) return fail(400, `${name} takes no params`);
      return { ok: true, command: { name } };
    case "set_telegram_visibility": {
      if (params.length !== 1 || (params[0] !== "true" && params[0] !== "false")) {
        return fail(400, 'set_telegram_visibility takes one param, "true" or "false"');
      }
      return { ok: true, command: { name, visible: params[0] === "true" } };
    }
    case "register_telegram": {
      const data = telegramDataFromParams(params);
      if (!data.ok) return data;
      const botToken = env().TELEGRAM_BOT_TOKEN;
      if (!botToken) return fail(503, "Telegram login is not configured on this server");
      const login: Checked<TelegramLogin> = verifyTelegramLogin(data.value, botToken, Math.floor(nowMs / 1000));
      if (!login.ok) return login;
      return { ok: true, command: { name, login: login.value } };
    }
  }
}

/** The EIP-712 digest of the command: what is recorded against replay. */
export function commandDigest(message: CommandMessage): Hex {
  return hashTypedData(commandTypedData(partyAddress(), message));
}

export type Verdict = "valid" | "invalid" | "unavailable";

/**
 * Whether `signature` is the signer's over the command. "unavailable" when the signature did not
 * verify and the chain could not be asked (a smart account cannot be checked without it).
 */
export async function verifyCommandSignature(message: CommandMessage, signature: Hex): Promise<Verdict> {
  const client = chainClient();
  try {
    const valid = await client.verifyTypedData({
      address: message.signer,
      ...commandTypedData(partyAddress(), message),
      signature,
      // ecrecover first: EOAs never wait for the RPC.
      mode: "eoa",
    });
    if (valid) return "valid";
  } catch {
    // A signature that cannot be parsed throws, and so does a failed RPC: told apart below.
  }
  // viem reports a failed eth_call as "not valid": only a chain that does not answer is "unavailable".
  try {
    await client.getChainId();
    return "invalid";
  } catch {
    return "unavailable";
  }
}

/** Records an accepted digest; false when it was accepted before (a replay). Atomic: insert or nothing. */
export async function recordDigest(executor: Executor, digest: Hex, message: CommandMessage): Promise<boolean> {
  const inserted = await executor
    .insert(usedCommandDigests)
    .values({ digest, signer: message.signer, command: describeCommand(message.command) })
    .onConflictDoNothing({ target: usedCommandDigests.digest })
    .returning({ digest: usedCommandDigests.digest });
  return inserted.length === 1;
}

/**
 * Deletes digests accepted more than an hour ago: by then their signedAt is outside the window,
 * so the time check refuses them anyway (5 min + 30 s would do; an hour is a margin).
 */
export async function purgeDigests(now = new Date()): Promise<number> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const deleted = await db().delete(usedCommandDigests).where(lt(usedCommandDigests.acceptedAt, hourAgo)).returning({ digest: usedCommandDigests.digest });
  return deleted.length;
}

const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;
let lastHousekeeping = Date.now();

/** Purges old digests and sessions at most every 10 minutes per process, in the background. */
export function housekeepSometimes(nowMs = Date.now()): void {
  if (nowMs - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
  lastHousekeeping = nowMs;
  void Promise.all([purgeDigests(), purgeSessions()]).catch((error: unknown) => {
    console.warn(`command housekeeping failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}
