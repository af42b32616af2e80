import { useCallback, useEffect, useState } from "react";
import type { AdminUser } from "../../../../../core/contracts/admin";
import { SelectField } from "../../../components/ui/choice-fields";
import { useRemote } from "../../../hooks/use-remote";
import { listAdminUsers } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";

const SEARCH_DELAY_MS = 300;
const MATCHES = 50;

interface UserPickerProps {
  selected: AdminUser | null;
  onSelect: (user: AdminUser | null) => void;
  errors?: string[] | undefined;
  /** Bumped after an admin action: the matches show fresh usage. */
  version: number;
}

/** A search box narrowing a select of accounts (the first 50 matches, newest first). */
export function UserPicker({ selected, onSelect, errors, version }: UserPickerProps) {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const load = useCallback((signal: AbortSignal) => listAdminUsers({ search, page: 1, limit: MATCHES }, signal), [search]);
  const { state, reload } = useRemote(load);
  useReloadOn(version, reload);

  const users = state.status === "ready" ? state.data.users : [];
  // A reload brings the chosen account's fresh usage and limit.
  const fresh = selected ? users.find((user) => user.id === selected.id) : undefined;
  useEffect(() => {
    if (fresh && fresh !== selected) onSelect(fresh);
  }, [fresh, selected, onSelect]);
  // The chosen account stays in the list while the search shows others.
  const options = selected && !users.some((user) => user.id === selected.id) ? [selected, ...users] : users;
  const placeholder = state.status === "loading" ? "Loading users..." : state.status === "error" ? "Users could not be loaded" : options.length === 0 ? "No matching users" : "Select a user";

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="usage-user-search" className="block text-sm font-medium text-slate-800">
          Find user
        </label>
        <input
          id="usage-user-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name or e-mail"
          className="mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none sm:text-sm"
        />
      </div>
      <SelectField
        name="user_id"
        label="User"
        value={selected?.id ?? ""}
        errors={errors}
        onChange={(event) => onSelect(options.find((user) => user.id === event.target.value) ?? null)}
        options={[{ value: "", label: placeholder }, ...options.map((user) => ({ value: user.id, label: user.full_name ? `${user.full_name} (${user.email})` : user.email }))]}
      />
    </div>
  );
}
