import { parseTemplatePath, replaceTemplates, wholeTemplatePath } from "../../core/contracts/templates.js";

/**
 * Templates in action configs: `{{trigger.data.x}}` and `{{steps.<name>.output.y}}`.
 *
 * Rules (each has a test in templating.test.ts):
 * - Only paths, in the grammar of core/contracts/templates.ts (shared with the API's checks when
 *   a workflow is saved): a root (`trigger` or `steps`) and segments of letters, digits, `_` and
 *   `-`, joined by dots; array elements by index, as `items.0.id` or `items[0].id`. Nothing is
 *   evaluated: no expressions, no calls, and `__proto__`, `constructor` and `prototype` are refused.
 *   Lookups read own properties only, so nothing inherited is reachable.
 * - Whitespace inside the braces is allowed: `{{ trigger.data.x }}`.
 * - A string that is exactly one template (nothing around it) becomes the referenced value with
 *   its type: a number stays a number, an object an object.
 * - Templates inside text are replaced by the value as text: strings as they are, numbers and
 *   booleans as written, `null` as "null", objects and arrays as JSON.
 * - A path that does not exist, or that goes through null, throws TemplateError naming the
 *   template and the first missing segment: output never contains "undefined".
 * - `\{{` escapes: `\{{ trigger.data.x }}` is output as the literal text `{{ trigger.data.x }}`.
 *   (So a literal backslash cannot directly precede a template.) A `{{` that is never closed
 *   is left as text.
 * - Substituted values are not scanned again: data containing `{{...}}` stays as it is.
 * - Object keys are never templated; only string values, at any depth.
 */

export interface TemplateScope {
  trigger: { data: unknown };
  steps: Record<string, { output: unknown }>;
}

/** A template that cannot be resolved; the message names the template and what is missing. */
export class TemplateError extends Error {
  readonly template: string;

  constructor(template: string, message: string) {
    super(message);
    this.name = "TemplateError";
    this.template = template;
  }
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/** Returns `value` with every template in its strings resolved against `scope`; the input is not modified. */
export function resolveTemplates(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === "string") return resolveString(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveTemplates(item, scope));
  if (isPlainObject(value)) {
    const resolved: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(resolved, key, { value: resolveTemplates(item, scope), enumerable: true, writable: true, configurable: true });
    }
    return resolved;
  }
  return value;
}

function resolveString(text: string, scope: TemplateScope): unknown {
  const whole = wholeTemplatePath(text);
  if (whole !== undefined) return lookup(text, whole, scope);
  return replaceTemplates(text, ({ template, rawPath }) => stringify(lookup(template, rawPath, scope)));
}

function lookup(template: string, rawPath: string, scope: TemplateScope): unknown {
  const parsed = parseTemplatePath(template, rawPath);
  if (!parsed.ok) throw new TemplateError(template, parsed.message);

  let current: unknown = scope;
  let walked = "";
  for (const segment of parsed.segments) {
    const next = child(current, segment);
    if (next === undefined) {
      const where = walked ? ` in ${walked}` : "";
      throw new TemplateError(template, `Template "${template}" refers to a missing value: "${segment}" does not exist${where}`);
    }
    current = next;
    walked = walked ? `${walked}.${segment}` : segment;
  }
  return current;
}

/** An own property or array element, or undefined when there is none (null and scalars have none). */
function child(container: unknown, segment: string): unknown {
  if (Array.isArray(container)) {
    if (!ARRAY_INDEX.test(segment)) return undefined;
    return container[Number(segment)];
  }
  if (container !== null && typeof container === "object" && Object.hasOwn(container, segment)) {
    return (container as Record<string, unknown>)[segment];
  }
  return undefined;
}

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
