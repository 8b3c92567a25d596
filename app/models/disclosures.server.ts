/**
 * Before the first application, the truth (issue 28 item 5): the applicant has read what goes on
 * chain for good and what stays private (/before-applying, app/routes/before-applying.tsx) and
 * said so once. Off chain (app.disclosure_confirmations), erased with the rest of the account's
 * data (app/models/my-data.server.ts).
 */
import { eq } from "drizzle-orm";
import { db } from "../../db/client.server";
import { disclosureConfirmations } from "../../db/app-schema";

/**
 * The version of the text confirmed. Change it when the page says something new about what goes
 * on chain: everyone confirms again before their next application.
 */
export const DISCLOSURE_VERSION = "2025-1";

/** When the account confirmed the current text, or null. */
export async function disclosureConfirmedAt(account: string): Promise<Date | null> {
  const [row] = await db()
    .select({ version: disclosureConfirmations.version, confirmedAt: disclosureConfirmations.confirmedAt })
    .from(disclosureConfirmations)
    .where(eq(disclosureConfirmations.account, account.toLowerCase()))
    .limit(1);
  return row?.version === DISCLOSURE_VERSION ? row.confirmedAt : null;
}

/** The account has confirmed the current text: it may apply. */
export async function hasConfirmedDisclosure(account: string): Promise<boolean> {
  return (await disclosureConfirmedAt(account)) !== null;
}

/** Records the account's confirmation of the current text, read in `language`. */
export async function confirmDisclosure(account: string, language: string): Promise<void> {
  const values = { version: DISCLOSURE_VERSION, language, confirmedAt: new Date() };
  await db()
    .insert(disclosureConfirmations)
    .values({ account: account.toLowerCase(), ...values })
    .onConflictDoUpdate({ target: disclosureConfirmations.account, set: values });
}
