/**
 * A pasted list of addresses, one a line (the party executive's "Add members"): each line checked
 * with the operations' own address field (app/calls/fields.ts), so a bad line is named by its
 * number before anything is sent. Blank lines are skipped; a repeat is named too (the contract
 * would refuse the whole batch with AlreadyJoined). The problems are messages (app/locales/
 * {en,de,ar}/calls.ts), which the form shows in the page's language.
 */
import type { Address } from "viem";
import { address } from "../calls/fields";
import { message, type Message } from "../i18n/message";

export type AddressLines = { accounts: Address[]; problems: Message[] };

export function readAddressLines(text: string): AddressLines {
  const accounts: Address[] = [];
  const problems: Message[] = [];
  const firstLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const parsed = address.safeParse(line);
    // A line that is not blank can only fail as "not an address".
    if (!parsed.success) return void problems.push(message("calls.badLine", { line: i + 1 }));
    const seen = firstLine.get(parsed.data);
    if (seen !== undefined) return void problems.push(message("calls.repeatedLine", { line: i + 1, first: seen }));
    firstLine.set(parsed.data, i + 1);
    accounts.push(parsed.data);
  });
  if (accounts.length === 0 && problems.length === 0) problems.push(message("calls.pasteAddresses"));
  return { accounts, problems };
}
