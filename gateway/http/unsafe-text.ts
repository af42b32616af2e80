/**
 * The one input rule (issue 35): text that reaches the gateway may not hold U+0000 (NUL) or an
 * unpaired UTF-16 surrogate. PostgreSQL refuses both (0x00 in text, `\u0000` and lone
 * `\uD800`–`\uDFFF` escapes in jsonb) and Redis's cjson refuses lone surrogate escapes, so either
 * would fail deep inside a query or a script; refused at the boundary, it is a 422 naming the field.
 * Percent-encoded text (paths, query strings, form bodies, cookies) must also decode as UTF-8:
 * `%ED%A0%80` (a surrogate), `%C0%80` (an overlong NUL) and a stray `%` do not.
 *
 * These are pure functions over text already found suspicious by a cheaper scan; the middleware
 * lives in request-target.ts (paths, query strings, cookies) and request-body.ts (bodies).
 */

import { AppError } from "../../core/errors.js";

/** What a refused field's detail says. */
export const UNSAFE_TEXT_MESSAGE = "must not contain U+0000 (NUL) or an unpaired UTF-16 surrogate";
export const BAD_ENCODING_MESSAGE = "is not valid percent-encoded UTF-8";

/** At most this many fields are named in one answer. */
const MAX_FIELDS = 10;

const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds NUL or an unpaired surrogate. */
export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

export interface UnsafeField {
  field: string;
  message: string;
}

/** 422 VALIDATION_FAILED naming each field that breaks the rule. */
export function unsafeTextError(fields: UnsafeField[]): AppError {
  return new AppError("VALIDATION_FAILED", "Text may not contain U+0000 (NUL) or unpaired surrogates, and percent-encoded text must be UTF-8.", {
    details: fields,
  });
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `parent.key`, or `parent["key"]` for a key that is not an identifier (escaped as JSON, so NUL reads `\u0000`). */
function memberPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The fields of a parsed JSON value holding unsafe text, as paths like `actions[0].config.url`
 * (a key that is itself unsafe is named by its own path); `(root)` for a bare string.
 */
export function findUnsafeJsonFields(value: unknown): UnsafeField[] {
  const found: UnsafeField[] = [];
  const walk = (item: unknown, path: string): void => {
    if (found.length >= MAX_FIELDS) return;
    if (typeof item === "string") {
      // (Its key may have been named at the same path already.)
      if (isUnsafeText(item) && found.at(-1)?.field !== path) found.push({ field: path || "(root)", message: UNSAFE_TEXT_MESSAGE });
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => walk(element, `${path}[${index}]`));
    } else if (item !== null && typeof item === "object") {
      for (const [key, element] of Object.entries(item)) {
        const keyPath = memberPath(path, key);
        if (isUnsafeText(key) && found.length < MAX_FIELDS) found.push({ field: keyPath, message: UNSAFE_TEXT_MESSAGE });
        walk(element, keyPath);
      }
    }
  };
  walk(value, "");
  return found;
}

/** decodeURIComponent, or undefined where it throws (a stray `%`, bytes that are not UTF-8, an encoded surrogate). */
export function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The names of `application/x-www-form-urlencoded` pairs (a query string, or a form body) whose
 * name or value is not valid percent-encoded UTF-8 or decodes to unsafe text, each after `prefix`
 * (`query.` for a query string). Pairs without `%` or NUL are not decoded at all.
 */
export function findUnsafeFormFields(text: string, prefix: string): UnsafeField[] {
  const found: UnsafeField[] = [];
  for (const pair of text.split("&")) {
    if (found.length >= MAX_FIELDS) break;
    if (!pair.includes("%") && !pair.includes("\0")) continue;
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const name = decodeComponent(rawName.replace(/\+/g, " "));
    const value = separator === -1 ? "" : decodeComponent(pair.slice(separator + 1).replace(/\+/g, " "));
    const safeName = name !== undefined && !isUnsafeText(name);
    // A name that cannot be shown decoded is shown as sent (percent-encoded, so printable).
    const field = `${prefix}${safeName ? name : rawName.replace(/\0/g, "%00")}`;
    if (name === undefined || value === undefined) found.push({ field, message: BAD_ENCODING_MESSAGE });
    else if (!safeName || isUnsafeText(value)) found.push({ field, message: UNSAFE_TEXT_MESSAGE });
  }
  return found;
}

/**
 * The indexes (0 for the first segment after the leading `/`) of the segments of a raw,
 * percent-encoded path that do not decode to safe text, with what is wrong with each.
 */
export function findUnsafePathSegments(path: string): Array<{ index: number; message: string }> {
  const found: Array<{ index: number; message: string }> = [];
  path
    .split("/")
    .slice(1)
    .forEach((segment, index) => {
      if (!segment.includes("%")) return;
      const decoded = decodeComponent(segment);
      if (decoded === undefined) found.push({ index, message: BAD_ENCODING_MESSAGE });
      else if (isUnsafeText(decoded)) found.push({ index, message: UNSAFE_TEXT_MESSAGE });
    });
  return found;
}
