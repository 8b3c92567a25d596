/** Small formatting helpers shared by the pages (server and client). */
import type { memberStatus } from "../../indexer/ponder.schema";

/** A member's standing in their chapter: the read model's member_status enum, defined once in the indexer's schema. */
export type MemberStatus = (typeof memberStatus.enumValues)[number];

export const MEMBER_STATUS_TEXT: Record<MemberStatus, string> = { none: "not in a chapter", member: "member", left: "left", removed: "removed" };

export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

export function chapterLabel(chapter: { id: string; locationText?: string | null; location?: string }): string {
  return chapter.locationText ?? `Chapter ${chapter.id}`;
}

export function formatTime(unixSeconds: string | number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined) return "";
  return new Date(Number(unixSeconds) * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

export function mean(sum: number, count: number): string {
  return count === 0 ? "–" : (sum / count).toFixed(2);
}

/** A timestamp from the database (pg gives a Date, JSON a string) as ISO 8601. */
export const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
