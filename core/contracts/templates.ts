/**
 * The template grammar of action configs, in one place: the engine resolves templates with it
 * (engine/workflows/templating.ts) and the API checks them with it when a workflow is saved
 * (`templateReferenceProblems`, used by the request schemas in workflows.ts).
 *
 * - A template is `{{ path }}` in a string value of a config, at any depth (object keys never).
 *   `\{{` escapes one: `\{{ x }}` is the literal text `{{ x }}`. A `{{` never closed is text.
 * - A path is a root and segments of letters, digits, `_` and `-` joined by dots; array elements
 *   by index, as `items.0.id` or `items[0].id`. Nothing is evaluated.
 * - Roots: `trigger` (the trigger, whose one field is `data`) and `steps` (the outputs of the
 *   steps run so far, each `{output}`). `__proto__`, `constructor` and `prototype` are refused
 *   anywhere in a path.
 */

/** One `{{...}}` in a text: the whole template, and its path as written (untrimmed). */
export interface TemplateMatch {
  template: string;
  rawPath: string;
}

export type ParsedPath = { ok: true; root: TemplateRoot; segments: string[] } | { ok: false; message: string };

export const TEMPLATE_ROOTS = ["trigger", "steps"] as const;
export type TemplateRoot = (typeof TEMPLATE_ROOTS)[number];

// An optional escaping backslash, then `{{ ... }}` holding no braces.
const TEMPLATE = /(\\?)\{\{([^{}]*)\}\}/g;
const WHOLE_TEMPLATE = /^\{\{([^{}]*)\}\}$/;
const PATH = /^[\w-]+(?:\.[\w-]+|\[\d+\])*$/;
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

const isRoot = (segment: string | undefined): segment is TemplateRoot => (TEMPLATE_ROOTS as readonly string[]).includes(segment ?? "");

/** The path of a string that is exactly one template (its value keeps its type), or undefined. */
export function wholeTemplatePath(text: string): string | undefined {
  return WHOLE_TEMPLATE.exec(text)?.[1];
}

/** Replaces every template in `text` by what `replace` answers for it; escaped ones lose their backslash. */
export function replaceTemplates(text: string, replace: (match: TemplateMatch) => string): string {
  return text.replace(TEMPLATE, (template: string, escape: string, rawPath: string) =>
    escape ? template.slice(1) : replace({ template, rawPath }),
  );
}

/** Every template in `text` (escaped ones are text, not templates). */
export function findTemplates(text: string): TemplateMatch[] {
  return [...text.matchAll(TEMPLATE)].filter((match) => !match[1]).map((match) => ({ template: match[0], rawPath: match[2] ?? "" }));
}

/** A template's path split into segments (`[0]` becomes `0`), or why it is not one the runtime reads. */
export function parseTemplatePath(template: string, rawPath: string): ParsedPath {
  const path = rawPath.trim();
  if (!PATH.test(path)) return { ok: false, message: `Template "${template}" is not a path: use {{trigger.data.<field>}} or {{steps.<name>.output.<field>}}` };
  const segments = path.replace(/\[(\d+)\]/g, ".$1").split(".");
  const [root] = segments;
  if (!isRoot(root)) return { ok: false, message: `Template "${template}" must start with "trigger" or "steps"` };
  const forbidden = segments.find((segment) => FORBIDDEN_SEGMENTS.has(segment));
  if (forbidden) return { ok: false, message: `Template "${template}" uses the forbidden segment "${forbidden}"` };
  return { ok: true, root, segments };
}

/** A reference that cannot resolve: where it is (`actions.1.config.url`) and why. */
export interface TemplateProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * The references of one step's config that can never resolve, checked before a workflow is
 * saved: besides the grammar, `trigger` has only `data`, and `steps.<name>` must name a step that
 * runs before this one and has only `output`. `earlierSteps` are the names of the steps before it.
 */
export function stepTemplateProblems(config: unknown, earlierSteps: ReadonlySet<string>, allSteps: ReadonlySet<string>): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  visitStrings(config, [], (text, path) => {
    for (const match of findTemplates(text)) {
      const message = referenceProblem(match.template, match.rawPath, earlierSteps, allSteps);
      if (message) problems.push({ path, message });
    }
  });
  return problems;
}

function referenceProblem(template: string, rawPath: string, earlierSteps: ReadonlySet<string>, allSteps: ReadonlySet<string>): string | undefined {
  const parsed = parseTemplatePath(template, rawPath);
  if (!parsed.ok) return parsed.message;
  const [root, field, next] = parsed.segments;
  if (root === "trigger") {
    return field === undefined || field === "data" ? undefined : `Template "${template}" refers to "trigger.${field}": the trigger has only "data"`;
  }
  if (field === undefined) return undefined;
  if (!earlierSteps.has(field)) {
    return allSteps.has(field)
      ? `Template "${template}" refers to step "${field}", which does not run before this step`
      : `Template "${template}" refers to step "${field}", which this workflow does not have`;
  }
  return next === undefined || next === "output" ? undefined : `Template "${template}" refers to "steps.${field}.${next}": a step has only "output"`;
}

/** Calls `visit` with every string value inside `value` and its path (object keys are not visited). */
function visitStrings(value: unknown, path: Array<string | number>, visit: (text: string, path: Array<string | number>) => void): void {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, index) => visitStrings(item, [...path, index], visit));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) visitStrings(item, [...path, key], visit);
  }
}
