import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildRequest, type PlaygroundRequest } from "./build-request";
import type { EndpointId } from "./endpoints";
import { curlSnippet, generateSnippets, javascriptSnippet, pythonLiteral, pythonSnippet, shellQuote } from "./snippets";

/** A body full of characters each language must escape: quotes, backslashes, $, backticks, newlines, non-ASCII. */
const TRICKY_BODY = {
  name: `It's "quoted" \\ $HOME \`whoami\` \${x}`,
  description: "line one\nline two\ttab — café ✓",
  status: "draft",
  nested: { list: [1, 2.5, -3, true, false, null], empty: {}, none: [] },
};
const KEY = `sk_test_it's"key`;

function request(endpoint: EndpointId, body: unknown = TRICKY_BODY, workflowId = "wf_1AbC"): PlaygroundRequest {
  const result = buildRequest({ endpoint, baseUrl: "https://sluice.example", workflowId, bodyText: JSON.stringify(body) });
  if (!result.ok) throw new Error("test request is invalid");
  return result.request;
}

/** Runs a cURL snippet in bash with `curl` replaced by a function printing each argument NUL-separated. */
function curlArguments(snippet: string, env: Record<string, string> = {}): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${snippet}`;
  // stdin ignored: bash given a pipe there may read ~/.bashrc as if started remotely.
  const output = execFileSync("bash", ["-c", script], { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return output.split("\0").slice(0, -1);
}

type Captured = { url: string; init: { method: string; headers: Record<string, string>; body?: string } };

/** Runs a JavaScript snippet with `fetch` and `console` replaced, answering what it would send. */
async function runJavaScript(snippet: string, env: Record<string, string> = {}): Promise<Captured> {
  const calls: Captured[] = [];
  const fakeFetch = (url: string, init: Captured["init"]) => {
    calls.push({ url, init });
    return Promise.resolve({ status: 200, json: () => Promise.resolve({}) });
  };
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  await new AsyncFunction("fetch", "process", "console", snippet)(fakeFetch, { env }, { log: () => undefined });
  expect(calls).toHaveLength(1);
  return calls[0] as Captured;
}

const hasPython = spawnSync("python3", ["--version"]).status === 0;

const PythonCallSchema = z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), json: z.unknown().optional() }).strict();

/** Runs a Python snippet with a stand-in `requests` module that prints what it was asked to send. */
function runPython(snippet: string, env: Record<string, string> = {}): z.infer<typeof PythonCallSchema> {
  const stub = [
    "import json, sys, types",
    "requests = types.ModuleType('requests')",
    "class Response:",
    "    status_code = 200",
    "    def json(self): return {}",
    "def make(method):",
    "    def call(url, headers=None, **kwargs):",
    "        sys.stderr.write(json.dumps(dict(method=method, url=url, headers=headers, **kwargs)))",
    "        return Response()",
    "    return call",
    "for name in ['get', 'post', 'put', 'delete']: setattr(requests, name, make(name.upper()))",
    "sys.modules['requests'] = requests",
  ].join("\n");
  const result = spawnSync("python3", ["-c", `${stub}\n${snippet}`], { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  expect(result.status, result.stderr).toBe(0);
  return PythonCallSchema.parse(JSON.parse(result.stderr));
}

describe("shellQuote", () => {
  it("keeps everything literal, closing and reopening around single quotes", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(curlArguments(`curl ${shellQuote(`a'b"c$d\`e\\f`)}`)).toEqual([`a'b"c$d\`e\\f`]);
  });
});

describe("the cURL snippet", () => {
  it("sends the body, method, URL and headers exactly, whatever the body holds", () => {
    const args = curlArguments(curlSnippet(request("create"), null), { SLUICE_API_KEY: "sk_test_from_env" });
    expect(args).toEqual([
      "-X",
      "POST",
      "https://sluice.example/v1/workflows",
      "-H",
      "Authorization: Bearer sk_test_from_env",
      "-H",
      "Content-Type: application/json",
      "-d",
      JSON.stringify(TRICKY_BODY, null, 2),
    ]);
    expect(JSON.parse(args[8] ?? "")).toEqual(TRICKY_BODY);
  });

  it("uses a revealed key literally, quotes included, and leaves out -X and the body for GET", () => {
    const args = curlArguments(curlSnippet(request("get"), KEY));
    expect(args).toEqual(["https://sluice.example/v1/workflows/wf_1AbC", "-H", `Authorization: Bearer ${KEY}`]);
  });

  it("names DELETE and sends no body", () => {
    expect(curlArguments(curlSnippet(request("delete"), "k"))).toEqual(["-X", "DELETE", "https://sluice.example/v1/workflows/wf_1AbC", "-H", "Authorization: Bearer k"]);
  });

  it("reads the key from $SLUICE_API_KEY unless revealed", () => {
    expect(curlSnippet(request("list"), null)).toContain(`"Authorization: Bearer $SLUICE_API_KEY"`);
    expect(curlSnippet(request("list"), null)).not.toContain("sk_");
  });
});

describe("the JavaScript snippet", () => {
  it("calls fetch with the method, URL, headers and the body as JSON", async () => {
    const call = await runJavaScript(javascriptSnippet(request("update"), null), { SLUICE_API_KEY: "sk_test_env" });
    expect(call.url).toBe("https://sluice.example/v1/workflows/wf_1AbC");
    expect(call.init.method).toBe("PUT");
    expect(call.init.headers).toEqual({ Authorization: "Bearer sk_test_env", "Content-Type": "application/json" });
    expect(JSON.parse(call.init.body ?? "")).toEqual(TRICKY_BODY);
  });

  it("escapes a revealed key and sends no body for GET", async () => {
    const call = await runJavaScript(javascriptSnippet(request("list"), KEY));
    expect(call).toEqual({ url: "https://sluice.example/v1/workflows", init: { method: "GET", headers: { Authorization: `Bearer ${KEY}` } } });
  });
});

describe("the Python snippet", () => {
  it("writes JSON values as Python literals", () => {
    expect(pythonLiteral({ a: [true, false, null, 1.5, "x\"y"], b: {}, c: [] })).toBe(
      ['{', '    "a": [', "        True,", "        False,", "        None,", "        1.5,", '        "x\\"y",', "    ],", '    "b": {},', '    "c": [],', "}"].join("\n"),
    );
  });

  it.runIf(hasPython)("runs in Python and sends the method, URL, key and body exactly", () => {
    const sent = runPython(pythonSnippet(request("create"), null), { SLUICE_API_KEY: "sk_test_env" });
    expect(sent).toEqual({ method: "POST", url: "https://sluice.example/v1/workflows", headers: { Authorization: "Bearer sk_test_env" }, json: TRICKY_BODY });
  });

  it.runIf(hasPython)("uses a revealed key literally and sends no body for DELETE", () => {
    const sent = runPython(pythonSnippet(request("delete"), KEY));
    expect(sent).toEqual({ method: "DELETE", url: "https://sluice.example/v1/workflows/wf_1AbC", headers: { Authorization: `Bearer ${KEY}` } });
  });

  it("imports os only when it reads the key from the environment", () => {
    expect(pythonSnippet(request("list"), null)).toMatch(/^import os\n/);
    expect(pythonSnippet(request("list"), "k")).not.toContain("import os");
  });
});

describe("generateSnippets", () => {
  it("never writes the key unless it is given", () => {
    for (const snippet of Object.values(generateSnippets(request("create"), null))) {
      expect(snippet).toContain("SLUICE_API_KEY");
      expect(snippet).not.toMatch(/sk_(test|live)_/);
    }
  });
});
