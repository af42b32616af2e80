/**
 * Nesting depth of JSON text read chunk by chunk (an uploaded JSON or NDJSON file, never whole in
 * memory). Works on UTF-8 bytes: the bytes it looks at (brackets, quotes, backslash) never occur
 * inside a multi-byte character. Closing brackets never take the depth below zero, so malformed
 * text is counted deeper, never shallower, than it is.
 */
export interface NestingScanner {
  /** Scans the next chunk; true once the text so far opens more than the limit of arrays and objects inside one another. */
  push: (chunk: Uint8Array) => boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

export function createNestingScanner(limit: number): NestingScanner {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          if (++depth > limit) return true;
        } else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) depth--;
      }
      return false;
    },
  };
}
