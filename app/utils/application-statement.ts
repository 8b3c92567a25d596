/**
 * What an application's statement may hold (issue 28 items 1 and 7; docs/decisions/0015): why one
 * wants to join and who in the chapter knows one, and a way to reach one. The profile's rules
 * (./profile-fields.ts): no control characters, no markup, a length limit; each refusal a message
 * `{ key, values }` said in the page's language. The contact is one line.
 */
import { checkText, type FieldCheck } from "./profile-fields";

export const STATEMENT_MAX = 1000;
export const CONTACT_MAX = 100;

export const checkStatement = (raw: string): FieldCheck => checkText(raw, { max: STATEMENT_MAX, refusals: "refusals.statement.text" });
export const checkContact = (raw: string): FieldCheck => checkText(raw, { max: CONTACT_MAX, refusals: "refusals.statement.contact", oneLine: true });

/** How long a statement is kept for the executives once its application is decided. */
export const STATEMENT_KEPT_DAYS = 30;
/** How long a statement whose application never came (not signed, not sent) is kept for its author. */
export const DRAFT_KEPT_HOURS = 24;
