/**
 * Who may see a profile's field: the one rule (docs/decisions/0015-profiles-and-personal-data.md).
 * Each field has one visibility, and the audiences nest, each wider one holding the narrower:
 *
 *   self        the account itself
 *   executives  + its chapter's executives (the chapter it is a member of, or has applied to) and party executives
 *   chapter     + the members of its chapter
 *   members     + every party member
 *   everyone    + anyone, signed in or not (the page cache's anonymous pages show only these)
 *
 * A viewer stands in one relation to the account, the narrowest audience it belongs to, and sees
 * a field whose visibility is that audience or a wider one. The SQL form of the same rule, for a
 * list inside a page's one statement, is app/models/profiles.server.ts `visibleProfileSql`; a
 * test holds both to the same table of viewers × visibilities.
 */
import type { MemberStatus } from "./format";

export const VISIBILITIES = ["self", "executives", "chapter", "members", "everyone"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const isVisibility = (value: unknown): value is Visibility => (VISIBILITIES as readonly unknown[]).includes(value);

/** The narrowest that still lets an executive review an application by name (issue 28 item 2). */
export const DEFAULT_NAME_VISIBILITY: Visibility = "executives";
/** The review needs no short text (the application's statement says why): nobody but the account. */
export const DEFAULT_ABOUT_VISIBILITY: Visibility = "self";

/** How a viewer stands to an account: the narrowest audience (a visibility) it belongs to. */
export type Relation = Visibility;

/** What the read model says of the viewer (app/utils/viewer.ts `Viewer` has these and more). */
export type ViewerStanding = {
  address: string;
  status: MemberStatus;
  chapterId: string | null;
  executiveOf: string | null;
  partyExecutive: boolean;
  partyMember: boolean;
};

/** What the read model says of the profile's account. */
export type OwnerStanding = {
  account: string;
  /** Its chapter while a member of it (status member), else null. */
  chapterId: string | null;
  /** The chapter of its pending application, else null. */
  appliedChapterId: string | null;
};

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The viewer's relation to the account; a stranger (null: nobody signed in) is "everyone". */
export function relationOf(viewer: ViewerStanding | null, owner: OwnerStanding): Relation {
  if (!viewer) return "everyone";
  if (same(viewer.address, owner.account)) return "self";
  const executiveOfTheirs = viewer.executiveOf !== null && (viewer.executiveOf === owner.chapterId || viewer.executiveOf === owner.appliedChapterId);
  if (viewer.partyExecutive || executiveOfTheirs) return "executives";
  if (viewer.status === "member" && owner.chapterId !== null && viewer.chapterId === owner.chapterId) return "chapter";
  if (viewer.partyMember || viewer.status === "member") return "members";
  return "everyone";
}

const rank = (visibility: Visibility) => VISIBILITIES.indexOf(visibility);

/** A viewer in `relation` sees a field of `visibility`. */
export const sees = (relation: Relation, visibility: Visibility): boolean => rank(relation) <= rank(visibility);

export type Profile = {
  displayName: string | null;
  displayNameVisibility: Visibility;
  about: string | null;
  aboutVisibility: Visibility;
};

/** A profile as one viewer may see it: a field it may not see is null. */
export type VisibleProfile = { displayName: string | null; about: string | null };

/** What `viewer` may see of `owner`'s profile: the one function every page asks. */
export function visibleProfile(profile: Profile | null | undefined, viewer: ViewerStanding | null, owner: OwnerStanding): VisibleProfile {
  if (!profile) return { displayName: null, about: null };
  const relation = relationOf(viewer, owner);
  return {
    displayName: sees(relation, profile.displayNameVisibility) ? profile.displayName : null,
    about: sees(relation, profile.aboutVisibility) ? profile.about : null,
  };
}
