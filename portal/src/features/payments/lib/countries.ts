/** Region codes Intl names that are not countries one can be billed in. */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB", "AC", "CP", "DG", "EA", "IC", "TA", "CQ"]);

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

let cached: ReadonlyArray<{ value: string; label: string }> | null = null;

/**
 * Every ISO 3166-1 alpha-2 country the browser can name, sorted by English name (SPEC: a full
 * country list). Built from Intl.DisplayNames, so no list is shipped.
 */
export function countryOptions(): ReadonlyArray<{ value: string; label: string }> {
  if (cached) return cached;
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const options: Array<{ value: string; label: string }> = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name && name !== code) options.push({ value: code, label: name });
    }
  }
  cached = options.sort((a, b) => a.label.localeCompare(b.label, "en"));
  return cached;
}
