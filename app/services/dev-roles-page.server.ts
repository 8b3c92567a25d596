/**
 * The /dev/roles page's server side: only with PARTY_ENV=local (404 otherwise, before anything
 * else is read), only for a signed-in account (401), and what that account holds now, read from
 * the chain (the indexer follows a moment later). The grants themselves: ./dev-roles.server.ts.
 */
import type { Address } from "viem";
import { partyAbi } from "../../abis/party";
import { findSession } from "../models/sessions.server";
import { env, partyAddress } from "../ground/env.server";
import { interpolation, message, type Message } from "../i18n/message";
import { invariantResponse, messageResponse } from "../utils/http.server";
import { readLimited } from "../ground/read-limited";
import { readSessionToken } from "../utils/session-cookie.server";
import { chainClient, shortError } from "./chain.server";
import { GrantError, grantRole, parseGrantInput, type GrantResult } from "./dev-roles.server";

/** A 404 unless PARTY_ENV=local: the page does not exist anywhere else. */
export function requireLocalParty() {
  invariantResponse(env().PARTY_ENV === "local", message("errors.notFound"), { status: 404 });
}

/** The signed-in account, or a 401 that says to sign in. */
export async function signedInAccount(request: Request): Promise<Address> {
  const session = await findSession(readSessionToken(request));
  invariantResponse(session, message("errors.signInForRoles"), { status: 401 });
  return session.address;
}

export type RoleStanding = {
  memberChapter: string | null;
  executiveOf: string | null;
  partyExecutive: boolean;
  partyAdmin: Address;
  pendingPartyAdmin: Address;
  chapterAdmin: Address;
  evaluationMinter: Address;
  infoSender: Address;
};

/** What the account holds on the chain now, and who holds the single-holder roles. */
export async function roleStanding(account: Address): Promise<RoleStanding> {
  const client = chainClient();
  const party = partyAddress();
  const view = <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ address: party, abi: partyAbi, functionName: functionName as "partyAdmin", args: args as [] }) as Promise<T>;
  try {
    const [memberChapter, executiveOf, partyExecutive, partyAdmin, pendingPartyAdmin, chapterAdmin, evaluationMinter, infoSender] = await Promise.all([
      view<bigint>("memberChapter", [account]),
      view<bigint>("chapterExecutiveOf", [account]),
      view<boolean>("partyExecutive", [account]),
      view<Address>("partyAdmin"),
      view<Address>("pendingPartyAdmin"),
      view<Address>("chapterAdmin"),
      view<Address>("evaluationMinter"),
      view<Address>("infoSender"),
    ]);
    const id = (chapter: bigint) => (chapter === 0n ? null : chapter.toString());
    return { memberChapter: id(memberChapter), executiveOf: id(executiveOf), partyExecutive, partyAdmin, pendingPartyAdmin, chapterAdmin, evaluationMinter, infoSender };
  } catch (error) {
    throw messageResponse(message("devRoles.refusal.unreachable", { error: shortError(error) }), 503);
  }
}

/** The form's fields are a role and a chapter id: a few dozen bytes. */
const FORM_LIMIT = 1024;

/** What the page shows of a grant: the keyed messages with plain values (a bigint does not travel to the page). */
export type Granted = Pick<GrantResult, "role"> & { chapterId: string | null; done: Message[]; next: Message | null };
export type GrantOutcome = { status: 200; result: Granted } | { status: 400 | 409 | 413 | 503; error: Message };

const plain = ({ key, values }: Message): Message => ({ key, values: interpolation(values) });

/** A GrantError's keyed message (the command line's own texts have none: they never reach the page). */
const refusal = (error: GrantError): Message => plain(error.said ?? message("devRoles.refusal.unexpected", { error: error.message }));

/** Gives the signed-in account the role the form names: 400 for a bad field, 409 when the chain's state does not allow it. */
export async function grantFromForm(request: Request, account: Address): Promise<GrantOutcome> {
  const body = await readLimited(request, FORM_LIMIT);
  if (body === undefined) return { status: 413, error: message("devRoles.refusal.formTooLarge", { max: FORM_LIMIT }) };
  const form = new URLSearchParams(body);
  let input: ReturnType<typeof parseGrantInput>;
  try {
    input = parseGrantInput({ account, role: form.get("role"), chapterId: form.get("chapterId") });
  } catch (error) {
    if (error instanceof GrantError) return { status: 400, error: refusal(error) };
    throw error;
  }
  let result: GrantResult;
  try {
    result = await grantRole({ rpcUrl: env().CHAIN_RPC_URL, party: partyAddress(), ...input });
  } catch (error) {
    if (error instanceof GrantError) return { status: 409, error: refusal(error) };
    return { status: 503, error: message("devRoles.refusal.unexpected", { error: shortError(error) }) };
  }
  const { role, chapterId, said } = result;
  return { status: 200, result: { role, chapterId: chapterId?.toString() ?? null, done: said.done.map(plain), next: said.next ? plain(said.next) : null } };
}
