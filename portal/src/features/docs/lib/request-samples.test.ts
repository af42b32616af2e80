import { describe, expect, it } from "vitest";
import { pythonLiteral, requestSamples } from "./request-samples";

describe("request samples", () => {
  it("writes JSON values as Python literals", () => {
    expect(pythonLiteral({ ok: true, no: false, none: null, list: [1, "a"], empty: {} })).toBe(
      '{\n    "ok": True,\n    "no": False,\n    "none": None,\n    "list": [\n        1,\n        "a",\n    ],\n    "empty": {},\n}',
    );
  });

  it("gives the same method, URL, headers and body in every language", () => {
    const [javascript, python, go, curl] = requestSamples(
      { method: "POST", path: "/v1/workflows/wf_1/execute", headers: { "Idempotency-Key": "run-1" }, body: { data: { note: "it's" } } },
      "https://api.example.test",
    );
    for (const sample of [javascript, python, go, curl]) {
      expect(sample?.code, sample?.label).toContain("https://api.example.test/v1/workflows/wf_1/execute");
      expect(sample?.code, sample?.label).toContain("Idempotency-Key");
      expect(sample?.code, sample?.label).toContain("SLUICE_API_KEY");
    }
    expect(javascript?.code).toContain('method: "POST"');
    expect(python?.code).toContain("requests.post(");
    expect(go?.code).toContain('http.NewRequest("POST"');
    // A quote inside the body survives the shell's single quotes.
    expect(curl?.code).toContain(`"note": "it'\\''s"`);
  });

  it("leaves out the body and its imports for a GET", () => {
    const [javascript, , go, curl] = requestSamples({ method: "GET", path: "/v1/whoami" }, "http://localhost:3000");
    expect(javascript?.code).not.toContain("body:");
    expect(go?.code).not.toContain('"strings"');
    expect(go?.code).toContain('http.NewRequest("GET", "http://localhost:3000/v1/whoami", nil)');
    expect(curl?.code).toBe("curl 'http://localhost:3000/v1/whoami' \\\n  -H \"Authorization: Bearer $SLUICE_API_KEY\"");
  });
});
