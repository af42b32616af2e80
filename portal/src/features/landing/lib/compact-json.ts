export interface CompactJsonOptions {
  /** Numbers with more decimals are rounded to this many (for display). */
  maxDecimals?: number;
  /** Longest line an array or object of plain values may be joined into. */
  lineWidth?: number;
}

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** A value that never needs a line of its own: a scalar, [] or {}. */
function isPlain(value: unknown): boolean {
  return isScalar(value) || (typeof value === "object" && Object.keys(value).length === 0);
}

/**
 * JSON indented by two spaces, where an array or object holding only plain values stays on one
 * line when it fits: a sample response reads like the API's answer without a screen per array.
 */
export function formatCompactJson(value: unknown, { maxDecimals, lineWidth = 80 }: CompactJsonOptions = {}): string {
  const scalar = (item: Scalar): string =>
    typeof item === "number" && maxDecimals !== undefined ? JSON.stringify(Number(item.toFixed(maxDecimals))) : JSON.stringify(item);

  function format(item: unknown, indent: string, prefixLength: number): string {
    if (isScalar(item)) return scalar(item);
    if (typeof item !== "object") throw new TypeError(`${typeof item} is not a JSON value`);
    const isArray = Array.isArray(item);
    const entries: Array<[string | null, unknown]> = isArray ? item.map((child): [null, unknown] => [null, child]) : Object.entries(item);
    const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) return open + close;
    const label = (key: string | null) => (key === null ? "" : `${JSON.stringify(key)}: `);

    const inner = indent + "  ";
    if (entries.every(([, child]) => isPlain(child))) {
      const parts = entries.map(([key, child]) => label(key) + format(child, indent, 0));
      const inline = isArray ? `[${parts.join(", ")}]` : `{ ${parts.join(", ")} }`;
      if (prefixLength + inline.length <= lineWidth) return inline;
      if (isArray) return `[\n${fillLines(parts, inner, lineWidth).join("\n")}\n${indent}]`;
    }
    const lines = entries.map(([key, child]) => inner + label(key) + format(child, inner, inner.length + label(key).length));
    return `${open}\n${lines.join(",\n")}\n${indent}${close}`;
  }

  return format(value, "", 0);
}

/** Array items packed into as few lines as the width allows, each line indented (a long list of numbers takes two lines, not twenty). */
function fillLines(parts: readonly string[], indent: string, lineWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  parts.forEach((part, index) => {
    const item = index < parts.length - 1 ? `${part},` : part;
    if (line && indent.length + line.length + 1 + item.length > lineWidth) {
      lines.push(indent + line);
      line = item;
    } else {
      line = line ? `${line} ${item}` : item;
    }
  });
  lines.push(indent + line);
  return lines;
}
