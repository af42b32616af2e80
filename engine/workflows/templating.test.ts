import { describe, expect, it } from "vitest";
import { resolveTemplates, TemplateError, type TemplateScope } from "./templating.js";

const scope: TemplateScope = {
  trigger: {
    data: {
      amount: 42,
      name: "Ada",
      paid: true,
      note: null,
      customer: { email: "ada@example.com", tags: ["vip", "early"] },
      items: [{ id: "it_1", qty: 2 }, { id: "it_2" }],
      sneaky: "{{steps.fetch.output.secret}}",
    },
  },
  steps: {
    fetch: { output: { status: 200, body: { ok: true, list: [1, 2, 3] }, secret: "s3cret" } },
  },
};

function errorOf(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error("expected a TemplateError");
}

describe("resolveTemplates", () => {
  it("resolves trigger and step paths inside text", () => {
    expect(resolveTemplates("Hi {{trigger.data.name}}, status {{steps.fetch.output.status}}", scope)).toBe("Hi Ada, status 200");
  });

  it("keeps the referenced value's type when the string is exactly one template", () => {
    expect(resolveTemplates("{{trigger.data.amount}}", scope)).toBe(42);
    expect(resolveTemplates("{{trigger.data.paid}}", scope)).toBe(true);
    expect(resolveTemplates("{{trigger.data.note}}", scope)).toBeNull();
    expect(resolveTemplates("{{trigger.data.customer}}", scope)).toEqual({ email: "ada@example.com", tags: ["vip", "early"] });
    expect(resolveTemplates("{{steps.fetch.output.body.list}}", scope)).toEqual([1, 2, 3]);
  });

  it("stringifies embedded values: objects and arrays as JSON, null as null", () => {
    expect(resolveTemplates("c={{trigger.data.customer}}", scope)).toBe('c={"email":"ada@example.com","tags":["vip","early"]}');
    expect(resolveTemplates("l={{steps.fetch.output.body.list}}", scope)).toBe("l=[1,2,3]");
    expect(resolveTemplates("n={{trigger.data.note}} p={{trigger.data.paid}} a={{trigger.data.amount}}", scope)).toBe("n=null p=true a=42");
  });

  it("allows whitespace inside the braces", () => {
    expect(resolveTemplates("{{   trigger.data.amount  }}", scope)).toBe(42);
    expect(resolveTemplates("x {{ trigger.data.name }} y", scope)).toBe("x Ada y");
  });

  it("reads array elements by dotted index and by bracket index", () => {
    expect(resolveTemplates("{{trigger.data.items.0.id}}", scope)).toBe("it_1");
    expect(resolveTemplates("{{trigger.data.items[1].id}}", scope)).toBe("it_2");
    expect(resolveTemplates("{{trigger.data.customer.tags[0]}}", scope)).toBe("vip");
  });

  it("walks nested objects and arrays without touching keys or non-string values", () => {
    const input = { "{{trigger.data.name}}": ["{{trigger.data.amount}}", 7, false, null, { deep: "id {{trigger.data.items.0.id}}" }] };
    expect(resolveTemplates(input, scope)).toEqual({ "{{trigger.data.name}}": [42, 7, false, null, { deep: "id it_1" }] });
    expect(input["{{trigger.data.name}}"][0]).toBe("{{trigger.data.amount}}");
  });

  it("throws TemplateError naming the template and the first missing segment", () => {
    const error = errorOf(() => resolveTemplates("Hi {{ trigger.data.customer.phone.number }}", scope));
    expect(error.message).toContain("{{ trigger.data.customer.phone.number }}");
    expect(error.message).toContain('"phone" does not exist in trigger.data.customer');
    expect(error.template).toBe("{{ trigger.data.customer.phone.number }}");
  });

  it("treats a step that has not run as missing", () => {
    expect(errorOf(() => resolveTemplates("{{steps.later.output}}", scope)).message).toContain('"later" does not exist in steps');
  });

  it("treats a path into null as missing, never producing undefined", () => {
    expect(errorOf(() => resolveTemplates("{{trigger.data.note.x}}", scope)).message).toContain('"x" does not exist in trigger.data.note');
  });

  it("treats out-of-range indices, non-index segments on arrays and paths into scalars as missing", () => {
    expect(() => resolveTemplates("{{trigger.data.items.5.id}}", scope)).toThrow(TemplateError);
    expect(() => resolveTemplates("{{trigger.data.items.length}}", scope)).toThrow(TemplateError);
    expect(() => resolveTemplates("{{trigger.data.items.01}}", scope)).toThrow(TemplateError);
    expect(() => resolveTemplates("{{trigger.data.name.length}}", scope)).toThrow(TemplateError);
    expect(() => resolveTemplates("{{trigger.data.amount.toFixed}}", scope)).toThrow(TemplateError);
  });

  it("refuses prototype segments and inherited properties", () => {
    for (const path of ["trigger.__proto__", "trigger.data.constructor", "steps.fetch.output.prototype", "trigger.data.constructor.name"]) {
      expect(errorOf(() => resolveTemplates(`{{${path}}}`, scope)).message).toContain("forbidden segment");
    }
    expect(() => resolveTemplates("{{trigger.data.hasOwnProperty}}", scope)).toThrow(TemplateError);
    expect(() => resolveTemplates("{{trigger.data.toString}}", scope)).toThrow(TemplateError);
  });

  it("evaluates nothing: expressions and calls are not paths", () => {
    for (const template of ["{{ 1 + 1 }}", "{{ trigger.data.amount * 2 }}", "{{ process.exit() }}", "{{ trigger.data['name'] }}", "{{}}", "{{ trigger..data }}"]) {
      expect(errorOf(() => resolveTemplates(template, scope)).message).toContain("is not a path");
    }
  });

  it("only allows the trigger and steps roots", () => {
    expect(errorOf(() => resolveTemplates("{{ process.env }}", scope)).message).toContain('must start with "trigger" or "steps"');
  });

  it("does not resolve templates found inside substituted data", () => {
    expect(resolveTemplates("{{trigger.data.sneaky}}", scope)).toBe("{{steps.fetch.output.secret}}");
    expect(resolveTemplates("x {{trigger.data.sneaky}}", scope)).toBe("x {{steps.fetch.output.secret}}");
  });

  it("treats \\{{ as an escaped literal", () => {
    expect(resolveTemplates("\\{{ trigger.data.name }} is {{trigger.data.name}}", scope)).toBe("{{ trigger.data.name }} is Ada");
    expect(resolveTemplates("\\{{missing.anything}}", scope)).toBe("{{missing.anything}}");
  });

  it("leaves an unclosed {{ and plain text untouched", () => {
    expect(resolveTemplates("a {{ b", scope)).toBe("a {{ b");
    expect(resolveTemplates("no templates", scope)).toBe("no templates");
  });

  it("keeps a __proto__ key of parsed JSON as plain data without changing prototypes", () => {
    const input: unknown = JSON.parse('{"__proto__": {"polluted": "{{trigger.data.name}}"}}');
    const output = resolveTemplates(input, scope) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.hasOwn(output, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
