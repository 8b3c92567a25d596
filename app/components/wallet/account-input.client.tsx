/**
 * The one input for "which account": a text field that offers the members whose address starts
 * with what was typed (the member search, GET /members?q=, read through its loader), so every
 * form that asks for an account finds people the same way. Typing a whole address works too.
 */
import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";

export type AccountMatch = { account: string; chapterId: string | null };
type SearchData = { q: string; members: AccountMatch[] };

export type AccountInputProps = {
  name: string;
  label: string;
  defaultValue?: string;
  /** Offer only these (e.g. the chapter's members), filtered locally instead of searched. */
  options?: readonly string[];
  required?: boolean;
};

/** Enough characters for the search to narrow it (0x and two hex digits). */
const MIN_QUERY = 4;

export function AccountInput({ name, label, defaultValue = "", options, required = true }: AccountInputProps) {
  const listId = useId();
  const search = useFetcher<SearchData>();
  const [value, setValue] = useState(defaultValue);
  const onChange = (next: string) => {
    setValue(next);
    const q = next.trim().toLowerCase();
    if (!options && /^0x[0-9a-f]*$/.test(q) && q.length >= MIN_QUERY && q.length < 42) search.load(`/members?q=${q}`);
  };
  const offered = options ?? search.data?.members.map((m) => m.account) ?? [];
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
          .filter((a) => a.toLowerCase().startsWith(value.trim().toLowerCase()))
          .slice(0, 20)
          .map((a) => (
            <option key={a} value={a} />
          ))}
      </datalist>
    </label>
  );
}
