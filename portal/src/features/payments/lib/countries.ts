import { COUNTRY_CODES } from "../../../../../core/contracts/countries";

let cached: ReadonlyArray<{ value: string; label: string }> | null = null;

/**
 * The country list of checkout (SPEC: a full list, default US): the ISO 3166-1 codes in force,
 * the ones the gateway accepts, named in English by Intl and sorted by name. One entry per
 * country: withdrawn codes (DD, YU, CS, UK, ...) that Intl still names are not among them.
 */
export function countryOptions(): ReadonlyArray<{ value: string; label: string }> {
  if (cached) return cached;
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  cached = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, "en"));
  return cached;
}
