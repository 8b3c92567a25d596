/** Small formatting helpers shared by the pages (server and client). */

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
