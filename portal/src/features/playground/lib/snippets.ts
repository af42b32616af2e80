import type { PlaygroundRequest } from "./build-request";

/** The environment variable the snippets read the key from unless the user reveals it. */
export const API_KEY_VARIABLE = "SLUICE_API_KEY";

export const SNIPPET_LANGUAGES = ["curl", "javascript", "python"] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];
export const SNIPPET_LABELS: Record<SnippetLanguage, string> = { curl: "cURL", javascript: "JavaScript", python: "Python" };

/** The key written into a snippet: the literal key, or null to read it from SLUICE_API_KEY. */
export type SnippetKey = string | null;

/** A POSIX shell word in single quotes; a quote inside becomes '\'' (close, escaped quote, reopen). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A JSON string literal, which is also a valid JavaScript and Python string literal. */
const quoted = (text: string) => JSON.stringify(text);

/** JSON text indented by `indent` more spaces on every line after the first. */
function indentLines(text: string, indent: string): string {
  return text.replaceAll("\n", `\n${indent}`);
}

/** A parsed JSON value as a Python literal (True, False, None), four spaces per level. */
export function pythonLiteral(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const closePad = "    ".repeat(depth);
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") return quoted(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, depth + 1)},`).join("\n")}\n${closePad}]`;
  }
  if (typeof value !== "object") return "None";
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([key, item]: [string, unknown]) => `${pad}${quoted(key)}: ${pythonLiteral(item, depth + 1)},`).join("\n")}\n${closePad}}`;
}

export function curlSnippet(request: PlaygroundRequest, key: SnippetKey): string {
  const { method, hasBody } = request.endpoint;
  const lines = [`curl ${method === "GET" ? "" : `-X ${method} `}${shellQuote(request.url)}`];
  // Double quotes let the shell expand the variable; a literal key is single-quoted like the rest.
  lines.push(`  -H ${key === null ? `"Authorization: Bearer $${API_KEY_VARIABLE}"` : shellQuote(`Authorization: Bearer ${key}`)}`);
  if (hasBody) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  }
  return lines.join(" \\\n");
}

export function javascriptSnippet(request: PlaygroundRequest, key: SnippetKey): string {
  const { method, hasBody } = request.endpoint;
  const authorization = key === null ? `\`Bearer \${process.env.${API_KEY_VARIABLE}}\`` : quoted(`Bearer ${key}`);
  const lines = [`const response = await fetch(${quoted(request.url)}, {`, `  method: ${quoted(method)},`, "  headers: {", `    Authorization: ${authorization},`];
  if (hasBody) lines.push(`    "Content-Type": "application/json",`);
  lines.push("  },");
  if (hasBody) lines.push(`  body: JSON.stringify(${indentLines(JSON.stringify(request.body, null, 2), "  ")}),`);
  lines.push("});", "console.log(response.status, await response.json());");
  return lines.join("\n");
}

export function pythonSnippet(request: PlaygroundRequest, key: SnippetKey): string {
  const { method, hasBody } = request.endpoint;
  const authorization = key === null ? `f"Bearer {os.environ['${API_KEY_VARIABLE}']}"` : quoted(`Bearer ${key}`);
  const lines = [...(key === null ? ["import os", ""] : []), "import requests", "", `response = requests.${method.toLowerCase()}(`];
  lines.push(`    ${quoted(request.url)},`, `    headers={"Authorization": ${authorization}},`);
  if (hasBody) lines.push(`    json=${pythonLiteral(request.body, 1)},`);
  lines.push(")", "print(response.status_code, response.json())");
  return lines.join("\n");
}

/** The request in every snippet language. */
export function generateSnippets(request: PlaygroundRequest, key: SnippetKey): Record<SnippetLanguage, string> {
  return { curl: curlSnippet(request, key), javascript: javascriptSnippet(request, key), python: pythonSnippet(request, key) };
}
