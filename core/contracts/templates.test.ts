import { describe, expect, it } from "vitest";
import { findTemplates, parseTemplatePath, stepTemplateProblems } from "./templates.js";
import { SavedActionsSchema } from "./workflows.js";

const problemsOf = (config: unknown, earlier: string[] = [], all: string[] = earlier) => stepTemplateProblems(config, new Set(earlier), new Set(all));

describe("findTemplates", () => {
  it("finds every template in a text, with its path as written, and none that is escaped or unclosed", () => {
    expect(findTemplates("Hi {{ trigger.data.name }}, {{steps.a.output}} \\{{trigger.data.x}} {{ open")).toEqual([
      { template: "{{ trigger.data.name }}", rawPath: " trigger.data.name " },
      { template: "{{steps.a.output}}", rawPath: "steps.a.output" },
    ]);
  });
});

describe("parseTemplatePath", () => {
  it("splits a path into segments, array indexes included", () => {
    expect(parseTemplatePath("{{x}}", " trigger.data.items[0].id ")).toEqual({ ok: true, root: "trigger", segments: ["trigger", "data", "items", "0", "id"] });
  });

  it.each([
    ["process.env.X", 'must start with "trigger" or "steps"'],
    ["globalThis", 'must start with "trigger" or "steps"'],
    ["trigger.data.constructor", 'forbidden segment "constructor"'],
    ["steps.a.output.__proto__", 'forbidden segment "__proto__"'],
    ["trigger.data.prototype", 'forbidden segment "prototype"'],
    ["trigger.data.x + 1", "is not a path"],
    ["trigger.data['x']", "is not a path"],
    ["", "is not a path"],
  ])("refuses %j", (path, message) => {
    const parsed = parseTemplatePath(`{{${path}}}`, path);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.message).toContain(message);
  });
});

describe("stepTemplateProblems", () => {
  it("accepts trigger data and the outputs of earlier steps, and shorter prefixes the runtime resolves", () => {
    const config = { url: "https://x.test/{{trigger.data.id}}", body: { a: "{{steps.fetch.output.body.items[0]}}", b: ["{{ trigger.data }}", "{{steps.fetch}}", "{{trigger}}"] } };
    expect(problemsOf(config, ["fetch"])).toEqual([]);
  });

  it("names where each bad reference is and why", () => {
    const config = { url: "{{trigger.data.constructor}}", headers: { "X-Env": "{{process.env.SECRET}}" }, body: ["{{trigger.headers.x}}", "{{steps.fetch.result}}"] };
    expect(problemsOf(config, ["fetch"])).toEqual([
      { path: ["url"], message: expect.stringContaining('forbidden segment "constructor"') },
      { path: ["headers", "X-Env"], message: expect.stringContaining('must start with "trigger" or "steps"') },
      { path: ["body", 0], message: 'Template "{{trigger.headers.x}}" refers to "trigger.headers": the trigger has only "data"' },
      { path: ["body", 1], message: 'Template "{{steps.fetch.result}}" refers to "steps.fetch.result": a step has only "output"' },
    ]);
  });

  it("refuses steps that run later or do not exist, and ignores escaped templates", () => {
    expect(problemsOf({ a: "{{steps.later.output}}", b: "{{steps.nobody.output}}", c: "\\{{process.env.X}}" }, [], ["later"])).toEqual([
      { path: ["a"], message: 'Template "{{steps.later.output}}" refers to step "later", which does not run before this step' },
      { path: ["b"], message: 'Template "{{steps.nobody.output}}" refers to step "nobody", which this workflow does not have' },
    ]);
  });
});

describe("SavedActionsSchema", () => {
  const fetch = { type: "http_request", name: "fetch", config: { url: "https://example.com/{{trigger.data.id}}", method: "GET" } };
  const shape = { type: "transform", name: "shape", config: { output: { status: "{{steps.fetch.output.status}}" } } };

  it("accepts references to earlier steps and refuses them to the step itself or later ones, at the config's path", () => {
    expect(SavedActionsSchema.safeParse([fetch, shape]).success).toBe(true);
    const parsed = SavedActionsSchema.safeParse([shape, fetch]);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: [0, "config", "output", "status"], message: 'Template "{{steps.fetch.output.status}}" refers to step "fetch", which does not run before this step' }),
    ]);
    const selfReference = { ...shape, config: { output: { me: "{{steps.shape.output}}" } } };
    expect(SavedActionsSchema.safeParse([fetch, selfReference]).success).toBe(false);
  });

  it("knows default step names (type and position)", () => {
    const unnamed = { type: "http_request", config: { url: "https://example.com", method: "GET" } };
    expect(SavedActionsSchema.safeParse([unnamed, { type: "transform", config: { output: { s: "{{steps.http_request_1.output.status}}" } } }]).success).toBe(true);
  });
});
