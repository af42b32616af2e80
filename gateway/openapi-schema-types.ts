/**
 * Gives every schema of the OpenAPI document an explicit `type`. zod writes a value it does not
 * constrain (`z.unknown()`, the values of `z.record(z.string(), z.unknown())`) as `{}`, and a
 * discriminated union as a bare `oneOf`; both are valid JSON Schema, but viewers that read the
 * document strictly (Scalar at /reference) report each as a validation error. So:
 * - a schema with no constraint at all accepts any JSON value, and says so:
 *   `type: [string, number, boolean, object, array, "null"]`;
 * - a `oneOf`/`anyOf` whose members (following `$ref`s) all have one type gets that type, e.g.
 *   `object` for the union of triggers. A union of several types keeps no `type` of its own:
 *   Scalar accepts it, and openapi-typescript would repeat every member in the SDK's types.
 * What a schema accepts does not change; a schema with `enum`, `const`, `not` or `allOf` is left
 * as it is.
 */

type SchemaNode = Record<string, unknown>;

export const ANY_JSON_VALUE_TYPES = ["string", "number", "boolean", "object", "array", "null"] as const;

/**
 * Whether a schema's `type` is the any-JSON-value list written above. The SDK generators read it
 * as they read `{}`: `unknown` in TypeScript, `Any` in Python, `any` in Go.
 */
export function acceptsAnyJsonValue(type: unknown): boolean {
  return Array.isArray(type) && ANY_JSON_VALUE_TYPES.every((each) => type.includes(each));
}

const SUBSCHEMA_MAPS = ["properties", "patternProperties"] as const;
const SUBSCHEMAS = ["items", "additionalProperties", "not"] as const;
const SUBSCHEMA_LISTS = ["oneOf", "anyOf", "allOf", "prefixItems"] as const;

const isNode = (value: unknown): value is SchemaNode => typeof value === "object" && value !== null && !Array.isArray(value);

/** The document's parts this function reads; the rest is left alone. */
export interface TypedDocument {
  components?: { schemas?: Record<string, unknown> };
  paths?: unknown;
}

export function typeEverySchema(document: TypedDocument): void {
  const components = document.components?.schemas ?? {};
  const done = new Set<SchemaNode>();

  /** The types a schema accepts, or undefined when that cannot be said as a list of types. */
  const typesOf = (schema: SchemaNode, seen: ReadonlySet<SchemaNode>): string[] | undefined => {
    if (typeof schema.$ref === "string") {
      const target = components[schema.$ref.replace("#/components/schemas/", "")];
      return isNode(target) && !seen.has(target) ? typesOf(target, new Set([...seen, target])) : undefined;
    }
    if (typeof schema.type === "string") return [schema.type];
    if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === "string");
    if ("enum" in schema || "const" in schema || "not" in schema || "allOf" in schema) return undefined;
    const members = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(members)) {
      const types = new Set<string>();
      for (const member of members) {
        const memberTypes = isNode(member) ? typesOf(member, seen) : undefined;
        if (!memberTypes) return undefined;
        for (const type of memberTypes) types.add(type);
      }
      return [...types];
    }
    return [...ANY_JSON_VALUE_TYPES];
  };

  const fill = (schema: unknown): void => {
    if (!isNode(schema) || done.has(schema)) return;
    done.add(schema);
    if (schema.type === undefined && schema.$ref === undefined) {
      const types = typesOf(schema, new Set([schema]));
      const composed = Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
      if (types && (types.length === 1 || (!composed && types.length > 0))) {
        // `type` first, as the rest of the document writes it.
        const rest = { ...schema };
        for (const key of Object.keys(schema)) delete schema[key];
        Object.assign(schema, { type: types.length === 1 ? types[0] : types }, rest);
      }
    }
    for (const key of SUBSCHEMA_MAPS) if (isNode(schema[key])) Object.values(schema[key]).forEach(fill);
    for (const key of SUBSCHEMAS) fill(schema[key]);
    for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) schema[key].forEach(fill);
  };

  /** Every `schema` of a parameter, header or media type under the paths. */
  const fillSchemasUnder = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(fillSchemasUnder);
    else if (isNode(value)) for (const [key, child] of Object.entries(value)) (key === "schema" ? fill : fillSchemasUnder)(child);
  };

  Object.values(components).forEach(fill);
  fillSchemasUnder(document.paths);
}
