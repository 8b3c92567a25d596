/**
 * The one input for "which account": a text field that offers the members whose address or name
 * starts with what was typed (the member search, GET /members?q=, read through its loader; only
 * names the viewer may see), so every form that asks for an account finds people the same way.
 * What the field holds is always an address: a name is a label beside it, never identity.
 */
import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";

export type AccountMatch = { account: string; chapterId: string | null };
type SearchData = { q: string; members: AccountMatch[]; names?: Record<string, string> };

export type AccountInputProps = {
  name: string;
  label: string;
  defaultValue?: string;
  /** Offer only these (e.g. the chapter's members), filtered locally instead of searched. */
  options?: readonly string[];
  required?: boolean;
};

/** Enough characters for the search to narrow it (0x and two hex digits; two of a name). */
const MIN_QUERY = 4;
const MIN_NAME_QUERY = 2;

export function AccountInput({ name, label, defaultValue = "", options, required = true }: AccountInputProps) {
  const listId = useId();
  const search = useFetcher<SearchData>();
  const [value, setValue] = useState(defaultValue);
  const onChange = (next: string) => {
    setValue(next);
    const q = next.trim().toLowerCase();
    if (options) return;
    if (/^0x[0-9a-f]*$/.test(q)) {
      if (q.length >= MIN_QUERY && q.length < 42) search.load(`/members?q=${q}`);
    } else if ([...q].length >= MIN_NAME_QUERY) search.load(`/members?q=${encodeURIComponent(q)}`);
  };
  const byName = !options && !/^0x/i.test(value.trim());
  const offered = options ?? search.data?.members.map((m) => m.account) ?? [];
  const names = search.data?.names ?? {};
  return (
    <label className="account-input">
      {label}{" "}
      <input
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        list={listId}
        required={required}
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        className="address"
        size={44}
      />
      <datalist id={listId}>
        {offered
          .filter((a) => byName || a.toLowerCase().startsWith(value.trim().toLowerCase()))
          .slice(0, 20)
          .map((a) => (
            <option key={a} value={a} label={names[a.toLowerCase()]} />
          ))}
      </datalist>
    </label>
  );
}
