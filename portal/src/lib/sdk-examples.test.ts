import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUICKSTART_EXAMPLES, WEBHOOK_EXAMPLES } from "./sdk-examples";

const source = (path: string) => readFileSync(new URL(`../../../sdks/${path}`, import.meta.url), "utf8").trimEnd();

describe("the SDK examples the pages show", () => {
  it("are the files the SDKs' tests run, with the TypeScript import as published", () => {
    expect(QUICKSTART_EXAMPLES.map((tab) => tab.label)).toEqual(["TypeScript", "Python", "Go"]);
    expect(QUICKSTART_EXAMPLES[0]?.code).toBe(source("typescript/examples/quickstart.ts").replace('"../src/index.js"', '"@sluice/sdk"'));
    expect(QUICKSTART_EXAMPLES[0]?.code).toContain('from "@sluice/sdk"');
    expect(QUICKSTART_EXAMPLES[1]?.code).toBe(source("python/examples/quickstart.py"));
    expect(QUICKSTART_EXAMPLES[2]?.code).toBe(source("go/examples/quickstart/quickstart.go"));
    expect(WEBHOOK_EXAMPLES.map((tab) => tab.code.includes("erify"))).toEqual([true, true, true]);
  });
});
