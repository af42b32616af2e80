/** Deeper JSON is refused before it is parsed: serialising it again (jsonb, logs) would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

/** What one pass over a JSON text found (see scanJson). */
export const JsonScan = {
  /** Nothing to refuse, as far as a scan can tell (the parse may still fail). */
  Clean: 0,
  /** More arrays and objects inside one another than the limit. */
  TooDeep: 1,
  /** A `\u0000` escape, or a `\uD800`–`\uDFFF` escape that is not half of a surrogate pair: parse it and find the field. */
  UnsafeEscape: 2,
} as const;
export type JsonScanResult = (typeof JsonScan)[keyof typeof JsonScan];

/** The value of the four hex digits at `at`, or -1. */
function hexUnit(text: string, at: number): number {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const char = text.charCodeAt(i);
    const digit = char >= 48 && char <= 57 ? char - 48 : char >= 65 && char <= 70 ? char - 55 : char >= 97 && char <= 102 ? char - 87 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * One pass over a JSON body, before it is parsed: does it open more than `limit` arrays and
 * objects inside one another (strings skipped), and does any string escape NUL or half a
 * surrogate pair? Only escapes need looking at: a body is decoded from UTF-8, which yields
 * neither a lone surrogate nor (valid JSON) a raw control character inside a string. Clean text
 * costs the same as the depth count alone; an escape costs a look at the four digits after it.
 */
export function scanJson(text: string, limit: number): JsonScanResult {
  let depth = 0;
  let inString = false;
  let unsafe = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) {
        if (text.charCodeAt(i + 1) !== 117 /* u */) {
          i++;
          continue;
        }
        const unit = hexUnit(text, i + 2);
        if (unit === 0 || isLow(unit)) unsafe = true;
        else if (isHigh(unit)) {
          // A high surrogate is safe only as the first half of a pair: `\uD83D\uDE00`.
          if (text.charCodeAt(i + 6) === 92 && text.charCodeAt(i + 7) === 117 && isLow(hexUnit(text, i + 8))) i += 6;
          else unsafe = true;
        }
        i += 5;
      } else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      if (++depth > limit) return JsonScan.TooDeep;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth--;
  }
  return unsafe ? JsonScan.UnsafeEscape : JsonScan.Clean;
}
