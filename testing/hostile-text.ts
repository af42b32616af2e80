import fc from "fast-check";

/**
 * Hostile strings for the property tests (issue 35): NUL, lone high and low surrogates, their
 * percent-encodings, overlong UTF-8, a stray `%`, mixed with ordinary text. Each is built from
 * pieces that know how they are sent in each place: inside a JSON string, in a URL (path
 * segment, query string, form body, cookie) and in a header (Latin-1 bytes only).
 */
export interface HostileText {
  /** As a JS string, for a JSON body (JSON.stringify escapes NUL and lone surrogates as `\u0000`, `\ud800`). */
  text: string;
  /** Exactly what goes into a URL or a form body: percent-encoded, stray `%` and all. */
  url: string;
  /** A header value: printable Latin-1 (a header cannot carry NUL or anything above U+00FF). */
  header: string;
}

/** Stands for the bytes C0 80 (an overlong NUL) in `text`: bodyBytes puts the raw bytes in its place. */
export const OVERLONG_MARK = "<<C0 80>>";

const piece = (text: string, url: string, header = url): HostileText => ({ text, url, header });

const HOSTILE_PIECES: readonly HostileText[] = [
  piece("\u0000", "%00"),
  // Lone surrogates (in a URL, the bytes WTF-8 would give them: not UTF-8).
  piece("\ud800", "%ED%A0%80"),
  piece("\udbff", "%ED%AF%BF"),
  piece("\udc00", "%ED%B0%80"),
  piece("\udfff", "%ED%BF%BF"),
  // A pair in the wrong order: two lone surrogates.
  piece("\ude00\ud83d", "%ED%B8%80%ED%A0%BD"),
  // Overlong UTF-8 (NUL, "/"): raw bytes in a body (decoded to U+FFFD), percent-encoded in a URL, Latin-1 in a header.
  piece(OVERLONG_MARK, "%C0%80", "\u00c0\u0080"),
  piece("%C0%AF", "%C0%AF"),
  // A `%` that starts no escape.
  piece("%zz", "%zz"),
  // Text that only looks like the above: allowed everywhere, and must reach the handlers unharmed.
  piece("%00", "%2500"),
  piece("%ED%A0%80", "%25ED%25A0%2580"),
  piece("\\u0000", "%5Cu0000"),
  piece("\ufffd", "%EF%BF%BD"),
];

/** Ordinary text that has broken parsers before: traversal, quotes, markup, a very long run, replacement characters. */
const AWKWARD_TEXT = ["../../etc/passwd", "' or 1=1 --", "<script>alert(1)</script>", "x".repeat(2_000), "\ufffd\ufffd", "🙂", "null", "-1", "1e309"];

const ordinary = fc
  .oneof(fc.string({ unit: "grapheme", maxLength: 6 }), fc.constantFrom(...AWKWARD_TEXT))
  .map((text) => piece(text, encodeURIComponent(text)));

/** One to four pieces, at least one of them hostile. */
export const hostileText: fc.Arbitrary<HostileText> = fc
  .tuple(fc.constantFrom(...HOSTILE_PIECES), fc.array(fc.oneof(ordinary, fc.constantFrom(...HOSTILE_PIECES)), { maxLength: 3 }), fc.nat())
  .map(([hostile, others, at]) => {
    const pieces = [...others];
    pieces.splice(at % (pieces.length + 1), 0, hostile);
    return { text: pieces.map((p) => p.text).join(""), url: pieces.map((p) => p.url).join(""), header: pieces.map((p) => p.header).join("") };
  });

/** True when text holds NUL or a surrogate that is not half of a pair: what the gateway must refuse (its own check, written again). */
export function breaksTextRule(text: string): boolean {
  if (text.includes("\u0000")) return true;
  for (const character of text) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) return true;
  }
  return false;
}

/** True when percent-encoded text does not decode as UTF-8 or decodes to text breaking the rule. */
export function breaksUrlRule(url: string): boolean {
  try {
    return breaksTextRule(decodeURIComponent(url));
  } catch {
    return true;
  }
}

/** A JSON body's bytes, with the raw overlong bytes where `OVERLONG_MARK` stands. */
export function bodyBytes(json: string): Uint8Array<ArrayBuffer> {
  const parts = json.split(OVERLONG_MARK).map((part) => Buffer.from(part, "utf8"));
  const joined: Buffer[] = [];
  parts.forEach((part, i) => joined.push(...(i === 0 ? [part] : [Buffer.from([0xc0, 0x80]), part])));
  return new Uint8Array(Buffer.concat(joined));
}
