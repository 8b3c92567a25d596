/**
 * Surrogate keys: what a cached page shows and what a change touches, in one vocabulary, so that an
 * indexed event drops only the pages it concerns (server/page-cache.ts; docs/decisions/0009).
 *
 * A page route says what it shows with `handle.pageTags(loaderData)`; the document render sends
 * the tags in a `Surrogate-Key` header (as Fastly and Varnish's xkey name them), which the web
 * server keeps with the page and never sends on. A page without tags is dropped by every change.
 *
 * A change names its tags: an activity row (the indexer writes one per event) touches its chapter,
 * evaluation, actor and subject, and the lists whose rows or counts that kind of event moves; an
 * app change (a pending operation, a Telegram link: db/migrations/0008) touches what its subject
 * and sender name. An event kind not listed in LOCAL_EVENTS reaches further than its row says (a
 * chapter's new location is shown on its members' and evaluations' pages, the old central
 * committee member's page loses the seat) and drops every page: those are rare.
 */
import type { EntryContext } from "@remix-run/node";

export type PageTag = string;

/** The list pages: `/` (chapters), `/evaluations`, `/info`, `/party`, `/members` (search). */
export type ListName = "chapters" | "evaluations" | "info" | "party" | "members";

const LIST_NAMES: Readonly<Record<ListName, true>> = { chapters: true, evaluations: true, info: true, party: true, members: true };

export const pageTag = {
  chapter: (id: bigint | string) => `chapter:${id}`,
  account: (address: string) => `account:${address.toLowerCase()}`,
  /** A page that shows the account's name: dropped by a change of its profile. */
  name: (address: string) => `name:${address.toLowerCase()}`,
  evaluation: (id: bigint | string) => `evaluation:${id}`,
  info: (id: bigint | string) => `info:${id}`,
  list: (name: ListName) => `list:${name}`,
  /**
   * A chapter whose standing decides a name the page shows (a name only its executives or members
   * may see): no change drops it; a page shared by a kind of viewer tells apart the viewers who
   * stand differently there (app/ground/shared-viewer.ts `scopeOf`).
   */
  standing: (id: bigint | string) => `standing:${id}`,
};

/** The `standing:` tags of a loader's `nameChapters` (app/models/names.server.ts withNames). */
export const standingTags = (data: { nameChapters?: readonly string[] }): PageTag[] => (data.nameChapters ?? []).map(pageTag.standing);

/**
 * The tags of the evaluations a page names (a list, an activity row): a page that shows an
 * evaluation's title is dropped when its document arrives (the document fetcher's app change).
 */
export const evaluationTags = (ids: readonly (string | null | undefined)[]) => ids.flatMap((id) => (id ? [pageTag.evaluation(id)] : []));

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The `name:` tags of every account a page's data shows (any string that is an address, at any
 * depth): a page that shows names (app/models/names.server.ts finds its accounts the same way) is
 * dropped when any of them changes its profile (db/migrations/0019), whether or not this render
 * had a name for it. Not `account:` tags: those an indexed event about the account drops, and an
 * account is shown on many pages (every evaluation it voted on) that its next vote does not change.
 */
export function nameTags(data: unknown): PageTag[] {
  const found = new Set<PageTag>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (ADDRESS.test(value)) found.add(pageTag.name(value));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(data);
  return [...found];
}

/** A page route's `handle`: the tags of what the page shows, from its loader's data. */
export type PageTagsHandle<Loader extends (...args: never[]) => unknown> = {
  pageTags(data: Awaited<ReturnType<Loader>>): PageTag[];
};

/** The same for a list page, whose tags do not depend on its data. */
export const listPage = (...names: ListName[]) => ({ pageTags: () => names.map(pageTag.list) });

/**
 * The Surrogate-Key header of a document render (app/entry.server.tsx): the tags of the deepest
 * matched route that declares them, space-separated; undefined when none does.
 */
export function surrogateKey({ staticHandlerContext: { matches, loaderData }, routeModules }: EntryContext): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = matches[i]!.route.id;
    const handle = routeModules[id]?.handle as Partial<PageTagsHandle<() => unknown>> | undefined;
    if (typeof handle?.pageTags === "function" && loaderData?.[id] !== undefined) return [...new Set(handle.pageTags(loaderData[id]))].join(" ");
  }
  return undefined;
}

/** Event kinds whose effects stay within their activity row's entities, with the lists they move. */
const LOCAL_EVENTS: Readonly<Record<string, readonly ListName[]>> = {
  Applied: ["party", "members"],
  Recommended: [],
  ApplicationApproved: ["party", "members"],
  ApplicationRejected: ["party", "members"],
  JoinedChapter: ["party", "chapters", "members"],
  LeftChapter: ["party", "chapters", "members"],
  RemovedFromChapter: ["party", "chapters", "members"],
  JoinedParty: ["party", "members"],
  ChapterExecutivePromoted: ["party", "members"],
  ChapterExecutiveDemoted: ["party", "members"],
  ChapterAdded: ["party", "chapters"],
  EvaluationMinted: ["party", "evaluations"],
  VoteCast: ["party", "evaluations"],
  PartyExecutiveScoreSet: ["evaluations"],
  InfoSent: ["party", "info"],
  // A passkey added to or removed from an account: its own member page's activity.
  OwnersUpdated: [],
};

/** What an activity row or an app change names (ids as text, addresses in any case). */
export type ChangedEntities = {
  chapterId?: string | null;
  evaluationId?: string | null;
  /** An info message (its document arrived). */
  infoId?: string | null;
  /** Actor, subject, sender, a pending operation's subject account(s): every account the change names. */
  accounts?: readonly (string | null | undefined)[];
  /** Accounts whose profile changed: the pages that show their names (db/migrations/0019). */
  names?: readonly (string | null | undefined)[];
  /** The lists a change moves (a profile's name moves the search by name: db/migrations/0019). */
  lists?: readonly ListName[];
};

/** The tags a change of these entities touches. */
export function entityTags({ chapterId, evaluationId, infoId, accounts = [], names = [], lists = [] }: ChangedEntities): PageTag[] {
  return [
    ...(chapterId != null ? [pageTag.chapter(chapterId)] : []),
    ...(evaluationId != null ? [pageTag.evaluation(evaluationId)] : []),
    ...(infoId != null ? [pageTag.info(infoId)] : []),
    ...accounts.filter((a): a is string => typeof a === "string" && a !== "").map(pageTag.account),
    ...names.filter((a): a is string => typeof a === "string" && a !== "").map(pageTag.name),
    ...lists.filter((name) => Object.hasOwn(LIST_NAMES, name)).map(pageTag.list),
  ];
}

/** The tags an indexed event touches (from its activity row), or "all". */
export function eventTags(row: { kind: string; actor: string | null; subject: string | null; chapterId: string | null; evaluationId: string | null; infoId?: string | null }): PageTag[] | "all" {
  const lists = Object.hasOwn(LOCAL_EVENTS, row.kind) ? LOCAL_EVENTS[row.kind]! : undefined;
  if (!lists) return "all";
  return [...entityTags({ chapterId: row.chapterId, evaluationId: row.evaluationId, infoId: row.infoId, accounts: [row.actor, row.subject] }), ...lists.map(pageTag.list)];
}
