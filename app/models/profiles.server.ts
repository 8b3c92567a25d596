/**
 * The signed-in account's own profile (app.profiles, db/migrations/0018): what /me shows and
 * saves. Only the account's session reaches these (app/routes/me_.profile.tsx); what others may
 * see of a profile is app/models/profile-views.server.ts.
 */
import { eq } from "drizzle-orm";
import { db } from "../../db/client.server";
import { profiles } from "../../db/app-schema";
import { nameSkeleton } from "../utils/profile-fields";
import { DEFAULT_ABOUT_VISIBILITY, DEFAULT_NAME_VISIBILITY, type Profile, type Visibility } from "../ground/profile-visibility";

/** The account's profile, or the defaults (no name, no text, the narrowest visibilities) without one. */
export async function getOwnProfile(account: string): Promise<Profile & { saved: boolean }> {
  const [row] = await db()
    .select({
      displayName: profiles.displayName,
      displayNameVisibility: profiles.displayNameVisibility,
      about: profiles.about,
      aboutVisibility: profiles.aboutVisibility,
    })
    .from(profiles)
    .where(eq(profiles.account, account.toLowerCase()))
    .limit(1);
  return row
    ? { ...row, saved: true }
    : { displayName: null, displayNameVisibility: DEFAULT_NAME_VISIBILITY, about: null, aboutVisibility: DEFAULT_ABOUT_VISIBILITY, saved: false };
}

export type ProfileFields = { displayName: string | null; displayNameVisibility: Visibility; about: string | null; aboutVisibility: Visibility };

/** Saves the account's profile, fields already checked (app/utils/profile-fields.ts). */
export async function saveOwnProfile(account: string, fields: ProfileFields): Promise<void> {
  const values = { ...fields, displayNameSkeleton: fields.displayName === null ? null : nameSkeleton(fields.displayName), updatedAt: new Date() };
  await db()
    .insert(profiles)
    .values({ account: account.toLowerCase(), ...values })
    .onConflictDoUpdate({ target: profiles.account, set: values });
}
