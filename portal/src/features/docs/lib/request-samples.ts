import type { CodeTab } from "../../../components/ui/code-tabs";

/** One documented API call, written out in every sample language from this single description. */
export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path with its query, e.g. "/v1/workflows?status=active". */
  path: string;
  /** A JSON body, sent with Content-Type: application/json. */
  body?: unknown;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Readonly<Record<string, string>>;
}

/** The environment variable every sample reads the API key from. */
export const API_KEY_VARIABLE = "SLUICE_API_KEY";

function indentAfterFirstLine(text: string, indent: string): string {
  return text.replaceAll("\n", `\n${indent}`);
}

function javascript(request: ApiRequest, url: string): string {
  const headers = [
    `    Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,`,
    ...(request.body === undefined ? [] : [`    "Content-Type": "application/json",`]),
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)},`),
  ];
  const body = request.body === undefined ? [] : [`  body: JSON.stringify(${indentAfterFirstLine(JSON.stringify(request.body, null, 2), "  ")}),`];
  return [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: "${request.method}",`,
    `  headers: {`,
    ...headers,
    `  },`,
    ...body,
    `});`,
    `if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);`,
    `console.log(await response.json());`,
  ].join("\n");
}

/** A JSON value as a Python literal (True, False, None; JSON string escapes are valid Python). */
export function pythonLiteral(value: unknown, indent = ""): string {
  const inner = `${indent}    `;
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number" || typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join("\n")}\n${indent}]`;
  }
  if (typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join("\n")}\n${indent}}`;
}

function python(request: ApiRequest, url: string): string {
  const headers = [`"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}"`, ...Object.entries(request.headers ?? {}).map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`)];
  return [
    "import os",
    "",
    "import requests",
    "",
    `response = requests.${request.method.toLowerCase()}(`,
    `    ${JSON.stringify(url)},`,
    `    headers={${headers.join(", ")}},`,
    ...(request.body === undefined ? [] : [`    json=${pythonLiteral(request.body, "    ")},`]),
    "    timeout=30,",
    ")",
    "response.raise_for_status()",
    "print(response.json())",
  ].join("\n");
}

function go(request: ApiRequest, url: string): string {
  const hasBody = request.body !== undefined;
  const imports = ["fmt", "io", "net/http", "os", ...(hasBody ? ["strings"] : [])];
  const headers = [
    `\treq.Header.Set("Authorization", "Bearer "+os.Getenv("${API_KEY_VARIABLE}"))`,
    ...(hasBody ? [`\treq.Header.Set("Content-Type", "application/json")`] : []),
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `\treq.Header.Set(${JSON.stringify(name)}, ${JSON.stringify(value)})`),
  ];
  return [
    "package main",
    "",
    "import (",
    ...imports.map((name) => `\t"${name}"`),
    ")",
    "",
    "func main() {",
    ...(hasBody ? [`\tbody := strings.NewReader(\`${JSON.stringify(request.body, null, 2)}\`)`] : []),
    `\treq, err := http.NewRequest("${request.method}", ${JSON.stringify(url)}, ${hasBody ? "body" : "nil"})`,
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    ...headers,
    "",
    "\tres, err := http.DefaultClient.Do(req)",
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    "\tdefer res.Body.Close()",
    "\tout, err := io.ReadAll(res.Body)",
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    "\tfmt.Println(res.Status, string(out))",
    "}",
  ].join("\n");
}

/** Single-quoted for a POSIX shell: a ' inside becomes '\''. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function curl(request: ApiRequest, url: string): string {
  const lines = [
    `curl${request.method === "GET" ? "" : ` -X ${request.method}`} ${shellQuote(url)}`,
    `  -H "Authorization: Bearer $${API_KEY_VARIABLE}"`,
    ...(request.body === undefined ? [] : [`  -H "Content-Type: application/json"`]),
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    ...(request.body === undefined ? [] : [`  -d ${shellQuote(JSON.stringify(request.body, null, 2))}`]),
  ];
  return lines.join(" \\\n");
}

/** The same request in JavaScript (fetch), Python (requests), Go (net/http) and cURL. */
export function requestSamples(request: ApiRequest, origin: string): CodeTab[] {
  const url = `${origin}${request.path}`;
  return [
    { label: "JavaScript", code: javascript(request, url) },
    { label: "Python", code: python(request, url) },
    { label: "Go", code: go(request, url) },
    { label: "cURL", code: curl(request, url) },
  ];
}
