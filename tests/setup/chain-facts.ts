/**
 * What the pages must show, read from the chain itself (the contract's getters, its events only
 * to find accounts to ask about), independently of the indexer and the read model.
 */
import { hexToString, type Address, type Hex } from "viem";
import { partyAbi } from "../../abis/party.js";
import type { Stack } from "./stack.js";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** CIDv0 of a sha2-256 digest: base58btc of the multihash, by repeated division. */
export function cidV0(digest: Hex): string {
  const bytes = [0x12, 0x20, ...Buffer.from(digest.slice(2), "hex")];
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! << 8;
      digits[i] = carry % 58;
      carry = (carry / 58) | 0;
    }
    for (; carry > 0; carry = (carry / 58) | 0) digits.push(carry % 58);
  }
  return digits
    .reverse()
    .map((d) => BASE58[d])
    .join("");
}

export const lower = (address: string) => address.toLowerCase() as Address;
const unique = <T>(items: T[]) => [...new Set(items)];

export function chainFacts(stack: Stack) {
  const { publicClient, address } = stack;
  const read = stack.read.read;
  const events = <const name extends EventName>(eventName: name) =>
    publicClient.getContractEvents({ address, abi: partyAbi, eventName, fromBlock: 0n, toBlock: "latest" });

  return {
    events,

    async chapters() {
      const count = Number(await read.chapterCount());
      return Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const id = BigInt(i + 1);
          const [location, x, y, exists, memberCount] = await read.chapters([id]);
          const centralCommittee = lower(await read.centralCommitteeMember([id]));
          return {
            id: String(id),
            name: hexToString(location).replace(/\0+$/, ""),
            x,
            y,
            exists,
            memberCount: Number(memberCount),
            centralCommittee,
          };
        })
      );
    },

    /** Current members of a chapter, lower case, sorted. */
    async membersOf(chapterId: bigint) {
      const joined = unique(
        (await events("JoinedChapter")).filter((e) => e.args.chapterId === chapterId).map((e) => lower(e.args.account!))
      );
      const current = await Promise.all(
        joined.map(async (account) => ((await read.memberChapter([account])) === chapterId ? account : null))
      );
      return current.filter((a): a is Address => a !== null).sort();
    },

    /** Current executives of a chapter, lower case, sorted. */
    async executivesOf(chapterId: bigint) {
      const promoted = unique((await events("ChapterExecutivePromoted")).map((e) => lower(e.args.account!)));
      const of = await Promise.all(promoted.map(async (account) => [account, await read.chapterExecutiveOf([account])] as const));
      return of
        .filter(([, id]) => id === chapterId)
        .map(([account]) => account)
        .sort();
    },

    async partyExecutives() {
      const promoted = unique((await events("PartyExecutivePromoted")).map((e) => lower(e.args.account!)));
      const active = await Promise.all(promoted.map(async (account) => ((await read.partyExecutive([account])) ? account : null)));
      return active.filter((a): a is Address => a !== null).sort();
    },

    /** Pending applications of a chapter in the order they were made, with their current recommenders. */
    async pendingApplications(chapterId: bigint) {
      const applied = (await events("Applied")).filter((e) => e.args.chapterId === chapterId);
      const recommended = await events("Recommended");
      const pending: { account: Address; block: bigint; recommenders: Address[] }[] = [];
      for (const event of applied) {
        const account = lower(event.args.account!);
        if ((await read.applicationChapter([account])) !== chapterId) continue;
        if (pending.some((p) => p.account === account)) continue;
        const candidates = unique(recommended.filter((r) => lower(r.args.account!) === account).map((r) => lower(r.args.by!)));
        const recommenders: Address[] = [];
        for (const by of candidates) if (await read.recommended([account, by])) recommenders.push(by);
        expect(recommenders.length).toBe(Number(await read.recommendationCount([account])));
        pending.push({ account, block: event.blockNumber, recommenders: recommenders.sort() });
      }
      return pending;
    },

    /** An evaluation: chapter, CID, current votes (voter → score), party-executive score. */
    async evaluation(id: bigint) {
      const [chapterId, , , hashDigest] = await read.evaluations([id]);
      const voters = unique((await events("VoteCast")).filter((e) => e.args.evaluationId === id).map((e) => lower(e.args.voter!)));
      const votes = new Map<Address, number>();
      for (const voter of voters.sort()) if (await read.hasVoted([id, voter])) votes.set(voter, await read.votes([id, voter]));
      const scored = await read.hasPartyExecutiveScore([id]);
      const scoredBy = (await events("PartyExecutiveScoreSet")).filter((e) => e.args.evaluationId === id).at(-1)?.args.executive;
      const sum = [...votes.values()].reduce((a, b) => a + b, 0);
      return {
        id: String(id),
        chapterId: String(chapterId),
        cid: cidV0(hashDigest),
        votes,
        mean: votes.size === 0 ? "–" : (sum / votes.size).toFixed(2),
        partyExecutiveScore: scored ? await read.partyExecutiveScore([id]) : null,
        partyExecutiveScoredBy: scored && scoredBy ? lower(scoredBy) : null,
      };
    },

    async evaluationCount() {
      return Number(await read.evaluationCount());
    },

    async infos() {
      const count = Number(await read.infoCount());
      return Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const [eventName, infoType, , , hashDigest, sender] = await read.infos([BigInt(i + 1)]);
          return { id: String(i + 1), eventName, infoType, cid: cidV0(hashDigest), sender: lower(sender) };
        })
      );
    },
  };
}

type EventName = Extract<(typeof partyAbi)[number], { type: "event" }>["name"];
export type ChainFacts = ReturnType<typeof chainFacts>;
