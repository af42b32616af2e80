/** Deeper JSON is refused before it is parsed: serialising it again (jsonb, logs) would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

/** True when the JSON text opens more than `limit` arrays and objects inside one another (strings skipped). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth--;
  }
  return false;
}
