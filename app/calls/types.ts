/**
 * What every call builder returns: an unsigned call to the party contract, ready for a smart
 * account's `execute`/`executeBatch` (or any wallet's `sendTransaction`).
 */
import type { Address, Hex } from "viem";

export type Call = { to: Address; data: Hex; value: bigint };

/**
 * What an operation is about, so that a pending operation can show "approval pending" on the
 * right row before the indexer has it. Ids stay bigint here; `subjectJson` is for storage.
 */
export type Subject = {
  chapterId?: bigint;
  evaluationId?: bigint;
  account?: Address;
  /** The accounts of a batch (addMemberToParty, recommendForChapterMembership, addChapterToParty). */
  accounts?: Address[];
  /** updateMemberApplicationForChapter: approval or rejection, so others see which is pending. */
  approved?: boolean;
};

/** The subject with ids as decimal strings, for JSON (the pending_operations.subject column). */
export function subjectJson({ chapterId, evaluationId, ...rest }: Subject) {
  return {
    ...rest,
    ...(chapterId === undefined ? {} : { chapterId: chapterId.toString() }),
    ...(evaluationId === undefined ? {} : { evaluationId: evaluationId.toString() }),
  };
}

/** The subject as stored and as pages read it. */
export type StoredSubject = ReturnType<typeof subjectJson>;
