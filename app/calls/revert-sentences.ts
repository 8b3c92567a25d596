/**
 * One plain sentence per contract error, shown under SPEC 8's "Transaction reverted: {Name}" so a
 * member knows why without reading Solidity. The party contract's errors first, then the wallet
 * contracts' (the passkey account, its factory, the paymaster). No imports: every form has it.
 */
const SENTENCES: Record<string, string> = {
  AlreadyApplied: "This account already has an application waiting for a decision.",
  AlreadyJoined: "This account is already a member.",
  HasNotApplied: "This account has no pending application to this chapter.",
  InvalidInput:
    "The contract refused these values: an empty list, a zero address, a role the account already holds, a chapter that still has members, or content that is not a valid CID.",
  NotAChapter: "There is no such chapter.",
  NotAMember: "The account must be a member of the right chapter (or of the party) for this.",
  NotAnAdmin:
    "Only the holder of this role can do this, and party executives and central committee members cannot be removed until they are demoted or unseated.",
  NotAnEvaluation: "There is no such evaluation.",
  NotAnExecutive: "Only an executive of this chapter or a party executive can do this.",
  InvalidInitialization: "The contract is already initialized.",
  NotInitializing: "The contract is not being initialized.",
  // The passkey account (the owners are its passkeys; at most its MAX_OWNERS, 10).
  InvalidOwner: "That is not a passkey this account can take: the key must be a P-256 public key from this site's passkey link.",
  OwnerDoesNotExist: "That passkey does not own this account (it may have been removed already).",
  EmptyOwnersNotAllowed: "An account needs at least one passkey: add another device before removing this one.",
  OwnersLimitExceeded: "An account can have at most 10 passkeys: remove one before adding another, or replace one.",
  MultiSignerERC7913AlreadyExists: "That passkey already owns this account.",
  AccountUnauthorized: "Only the account itself, signed by one of its passkeys, can change its passkeys.",
  Unknown: "The contract refused the call with an error this app does not know.",
};

/** The sentence for a contract error's name, or undefined for a name it has none for. */
export const revertSentence = (name: string): string | undefined => (Object.hasOwn(SENTENCES, name) ? SENTENCES[name] : undefined);

/** The sentence for a shown error text that is SPEC 8's "Transaction reverted: {Name}". */
export function explainError(text: string): string | undefined {
  const match = /^Transaction reverted: (\w+)/.exec(text);
  return match ? revertSentence(match[1]!) : undefined;
}
