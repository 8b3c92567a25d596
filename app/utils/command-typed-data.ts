/**
 * Signed commands to the app's own backend (POST /api/command, SPEC 7), shared by the browser
 * and the server: the EIP-712 typed data a member signs, the command names, the request body and
 * the error text the client shows (SPEC 8). No server-only imports here.
 *
 * The flow: the client sends `{ message }` with credentials; a valid session cookie for
 * `message.signer` is enough. On 401 it signs `commandTypedData(partyAddress, message)` with the
 * member's wallet and resends `{ message, signature }` (see {@link sendCommand}).
 */
import { hexToString, stringToHex, trim, type Address, type Hex, type TypedDataDefinition } from "viem";
import { isBytes32 } from "../ground/hex";
import { saidOf, type Message, type MessageValues } from "../i18n/message";
import type { SpecText } from "../i18n/spec-texts";
import { PARTY_DOMAIN } from "./party-domain";

export const COMMAND_ENDPOINT = "/api/command";



export const commandTypes = {
  Command: [
    { name: "signer", type: "address" },
    { name: "command", type: "bytes32" },
    { name: "signedAt", type: "uint64" },
    { name: "params", type: "string[]" },
  ],
} as const;

/** The commands the server knows. On the wire a command is its name as UTF-8, right-padded to 32 bytes. */
export const COMMAND_NAMES = ["log_in", "log_out", "register_telegram", "set_telegram_visibility", "unlink_telegram"] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Parameter order of `register_telegram`: the Telegram login widget's fields (SPEC 7). */
export const TELEGRAM_PARAMS = ["id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash"] as const;

/** What the login widget hands its callback (numbers for id and auth_date), or the local stand-in the same. */
export type TelegramWidgetUser = Partial<Record<(typeof TELEGRAM_PARAMS)[number], string | number>>;

/** The widget's user as `register_telegram`'s params, in order; an absent field is "". */
export function telegramParamsOf(user: TelegramWidgetUser): string[] {
  return TELEGRAM_PARAMS.map((field) => (user[field] === undefined || user[field] === null ? "" : String(user[field])));
}

/** A signed command is accepted this long after `signedAt` ... */
export const COMMAND_MAX_AGE_SECONDS = 5 * 60;
/** ... and this far ahead of the server's clock. */
export const COMMAND_MAX_FUTURE_SECONDS = 30;

/** `log_in` → 0x6c6f675f696e0000…00 (bytes32). */
export function encodeCommand(name: CommandName): Hex {
  return stringToHex(name, { size: 32 });
}

/** The command's name, or undefined for anything the server does not know. */
export function decodeCommand(command: Hex): CommandName | undefined {
  if (!isBytes32(command)) return undefined;
  const lower = command.toLowerCase() as Hex;
  const name = COMMAND_NAMES.find((n) => encodeCommand(n) === lower);
  return name;
}

/** The command's text for messages: its name when it decodes as printable UTF-8, else the hex. */
export function describeCommand(command: Hex): string {
  try {
    const text = hexToString(trim(command, { dir: "right" }));
    if (/^[\x20-\x7e]{1,32}$/.test(text)) return text;
  } catch {
    // not text
  }
  return command;
}

export type CommandMessage = {
  signer: Address;
  /** bytes32, see {@link encodeCommand}. */
  command: Hex;
  /** Unix seconds (uint64). */
  signedAt: bigint;
  params: readonly string[];
};

export type CommandTypedData = TypedDataDefinition<typeof commandTypes, "Command">;

/** What the wallet signs: pass it to `signTypedData`. `verifyingContract` is the party contract. */
export function commandTypedData(verifyingContract: Address, message: CommandMessage): CommandTypedData {
  return {
    domain: { ...PARTY_DOMAIN, verifyingContract },
    types: commandTypes,
    primaryType: "Command",
    message: { ...message, params: [...message.params] },
  };
}

/** A new command message, signed now. */
export function newCommandMessage(signer: Address, name: CommandName, params: readonly string[] = [], now = Date.now()): CommandMessage {
  return { signer, command: encodeCommand(name), signedAt: BigInt(Math.floor(now / 1000)), params };
}

/** The JSON body of POST /api/command. `signedAt` travels as a decimal string (a JSON number is accepted too). */
export type CommandRequestBody = {
  message: { signer: Address; command: Hex; signedAt: string | number; params: string[] };
  signature?: Hex;
};

export function commandRequestBody(message: CommandMessage, signature?: Hex): CommandRequestBody {
  return {
    message: { signer: message.signer, command: message.command, signedAt: message.signedAt.toString(), params: [...message.params] },
    ...(signature ? { signature } : {}),
  };
}

/** 200 answers. `log_in` adds `expiresAt`; `register_telegram` and `set_telegram_visibility` add `telegram`. */
export type CommandSuccess = {
  ok: true;
  command: CommandName;
  signer: Address;
  expiresAt?: string;
  telegram?: { username: string; visible: boolean };
};

/** Every failure answers `{ message }` with a 4xx or 5xx status: English; the server's refusals add their key and values (app/locales). */
export type CommandFailure = { message: string; key?: string; values?: MessageValues };

/** The alert text for a failed command (SPEC 8). */
export function formatCommandError(message: string, status: number): string {
  return `Error sending command: ${message} (${status})`;
}

export class CommandError extends Error {
  constructor(
    readonly serverMessage: string,
    readonly status: number,
    /** The server's message as a key and values, when it gave them: the page says it in its language. */
    readonly said?: Message,
  ) {
    super(formatCommandError(serverMessage, status));
    this.name = "CommandError";
  }

  /** What a page shows (app/i18n/spec-texts.ts): SPEC 8's "Error sending command: {message} ({status})", the server's message keyed when it gave a key. */
  get alert(): SpecText {
    if (this.said) return { text: this.message, english: this.serverMessage, said: this.said, status: this.status };
    return { key: "wallet.commandError", values: { message: this.serverMessage, status: this.status } };
  }
}


export type SendCommandParameters = {
  message: CommandMessage;
  /** Signs the typed data with the member's wallet (called only when the server asks, on 401). */
  sign: (typedData: CommandTypedData) => Promise<Hex>;
  /** The party contract: the domain's verifying contract. */
  verifyingContract: Address;
  fetch?: typeof globalThis.fetch;
  endpoint?: string;
};

/**
 * Sends a command with the session cookie; on 401 signs it and sends it again once. Resolves with
 * the success body; rejects with a {@link CommandError} whose `message` is the SPEC 8 alert text.
 */
export async function sendCommand({
  message,
  sign,
  verifyingContract,
  fetch = globalThis.fetch,
  endpoint = COMMAND_ENDPOINT,
}: SendCommandParameters): Promise<CommandSuccess> {
  const post = (signature?: Hex) =>
    fetch(endpoint, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(commandRequestBody(message, signature)),
    });
  let response = await post();
  if (response.status === 401) response = await post(await sign(commandTypedData(verifyingContract, message)));
  const body = (await response.json().catch(() => ({}))) as Partial<CommandSuccess & CommandFailure>;
  if (!response.ok) throw new CommandError(typeof body.message === "string" ? body.message : response.statusText, response.status, saidOf(body));
  return body as CommandSuccess;
}
