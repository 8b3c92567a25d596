/**
 * A point in time as a page shows it. The server, and the browser's first render while it
 * hydrates, write the UTC text ("2026-01-03 14:05 UTC"): the server cannot know the member's time
 * zone, and a cached page is the same for everyone, so it never holds a relative time that would go
 * stale. Once hydrated, the browser writes the member's own time, in their time zone and the
 * page's language, or with `relative`, "3 hours ago" when that is within a week. The `title`
 * always carries the UTC text.
 */
import { useI18n } from "../i18n/use-i18n";
import { browserLocales, dateOf, localText, relativeText, utcTextOf, type UnixSeconds } from "../ground/format";
import { useHydrated } from "./client-only";

export function Time({ at, relative = false }: { at: UnixSeconds | null | undefined; relative?: boolean }) {
  const hydrated = useHydrated();
  const { language } = useI18n();
  if (at === null || at === undefined || at === "") return null;
  const iso = dateOf(at).toISOString();
  const utc = utcTextOf(iso);
  let shown = utc;
  if (hydrated) {
    const locales = browserLocales(language, navigator.languages ?? []);
    shown = (relative ? relativeText(at, Date.now(), locales) : undefined) ?? localText(at, locales);
  }
  return (
    <time dateTime={iso} title={utc}>
      {shown}
    </time>
  );
}

/** Stands for the block number while the message is split around its time. */
const BLOCK_MARK = "\u0001";
/** chapter.atBlock per language, split around its <time></time>: the same for every row and request. */
const atBlockParts = new Map<string, readonly [string, string]>();

/**
 * "block 7, <Time>": when something happened, as list rows show it. A react-i18next <Trans> per
 * row parsed the message's markup again each time, and a chapter page has seventy such rows.
 */
export function AtBlock({ block, at }: { block: string; at: UnixSeconds | null | undefined }) {
  const { t, language } = useI18n();
  let parts = atBlockParts.get(language);
  if (!parts) {
    const [before = "", after = ""] = t("chapter.atBlock", { block: BLOCK_MARK }).split(/<time>\s*<\/time>|<time\s*\/>/);
    atBlockParts.set(language, (parts = [before, after]));
  }
  return (
    <>
      {parts[0].replace(BLOCK_MARK, block)}
      <Time at={at} />
      {parts[1].replace(BLOCK_MARK, block)}
    </>
  );
}
