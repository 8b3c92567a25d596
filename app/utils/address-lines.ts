/**
 * A pasted list of addresses, one a line (the party executive's "Add members"): each line checked
 * with the operations' own address field (app/calls/fields.ts), so a bad line is named by its
 * number before anything is sent. Blank lines are skipped; a repeat is named too (the contract
 * would refuse the whole batch with AlreadyJoined).
 */
import type { Address } from "viem";
import { address } from "../calls/fields";

export type AddressLines = { accounts: Address[]; problems: string[] };

export function readAddressLines(text: string): AddressLines {
  const accounts: Address[] = [];
  const problems: string[] = [];
  const firstLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const parsed = address.safeParse(line);
    if (!parsed.success) return void problems.push(`Line ${i + 1}: ${parsed.error.issues[0]?.message ?? "must be an address"}`);
    const seen = firstLine.get(parsed.data);
    if (seen !== undefined) return void problems.push(`Line ${i + 1}: repeats line ${seen}`);
    firstLine.set(parsed.data, i + 1);
    accounts.push(parsed.data);
  });
  if (accounts.length === 0 && problems.length === 0) problems.push("Paste at least one address, one a line");
  return { accounts, problems };
}
