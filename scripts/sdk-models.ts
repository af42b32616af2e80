import { z } from "zod";
import { acceptsAnyJsonValue } from "../gateway/openapi-schema-types.js";

/**
 * The schemas of openapi.yaml as a small type model, for the SDKs whose types are not written by
 * openapi-typescript: named object types (components.schemas and the inline objects of answers
 * and bodies, named after where they appear), and the type of every field. Python renders them as
 * TypedDicts, Go as structs.
 */

export type TypeRef =
  | { kind: "string" | "integer" | "number" | "boolean" | "any" }
  | { kind: "literal"; values: string[] }
  | { kind: "array"; items: TypeRef }
  | { kind: "map"; values: TypeRef }
  | { kind: "named"; name: string }
  | { kind: "union"; members: TypeRef[] };

/** A type that may also be null. */
export interface FieldType {
  type: TypeRef;
  nullable: boolean;
}

export interface ModelField extends FieldType {
  name: string;
  required: boolean;
  description: string;
}

export interface Model {
  name: string;
  description: string;
  /** An object with named fields, or another type given a name (a union, a map). */
  fields?: ModelField[];
  alias?: FieldType;
}

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  description?: string;
}

const SchemaShape: z.ZodType<Schema> = z.lazy(() =>
  z
    .object({
      $ref: z.string().optional(),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      enum: z.array(z.unknown()).optional(),
      const: z.unknown().optional(),
      properties: z.record(z.string(), SchemaShape).optional(),
      required: z.array(z.string()).optional(),
      additionalProperties: z.union([z.boolean(), SchemaShape]).optional(),
      items: SchemaShape.optional(),
      oneOf: z.array(SchemaShape).optional(),
      anyOf: z.array(SchemaShape).optional(),
      allOf: z.array(SchemaShape).optional(),
      description: z.string().optional(),
    })
    .passthrough(),
);

export const SchemasShape = z.record(z.string(), SchemaShape);
export { SchemaShape };
export type { Schema };

const allowsNull = (schema: Schema) =>
  (Array.isArray(schema.type) && schema.type.includes("null")) || (schema.oneOf ?? schema.anyOf ?? []).some((member) => member.type === "null");
const pascal = (name: string) => name.replace(/(^|[_\-. ])([a-z0-9])/gi, (_, __, c: string) => c.toUpperCase());
const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

/** Builds the named models: each component schema, then what `typeOf` names while reading answers and bodies. */
export class ModelRegistry {
  readonly models = new Map<string, Model>();

  constructor(private readonly schemas: Record<string, Schema>) {
    for (const [name, schema] of Object.entries(schemas)) this.define(name, schema);
  }

  /** The schema a $ref points to, for questions such as "are all its fields optional". */
  resolve(schema: Schema): Schema {
    return schema.$ref ? (this.schemas[refName(schema.$ref)] ?? {}) : schema;
  }

  private define(name: string, schema: Schema): void {
    if (this.models.has(name)) {
      if (!schema.$ref || refName(schema.$ref) !== name) throw new Error(`two SDK models named ${name}`);
      return;
    }
    const description = schema.description ?? "";
    if (schema.properties) {
      this.models.set(name, { name, description, fields: [] });
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties).map(([field, property]) => ({
        name: field,
        required: required.has(field),
        description: property.description ?? "",
        ...this.fieldType(property, `${name}${pascal(field)}`),
      }));
      this.models.set(name, { name, description, fields });
    } else {
      this.models.set(name, { name, description, alias: this.fieldType(schema, name) });
    }
  }

  /** A schema's type; an inline object with properties becomes the model `name`. */
  fieldType(schema: Schema, name: string): FieldType {
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const nullable = types.includes("null");
    const type = types.filter((t) => t !== "null");
    const members = (schema.oneOf ?? schema.anyOf ?? []).filter((m) => m.type !== "null");
    const nullMember = (schema.oneOf ?? schema.anyOf ?? []).some((m) => m.type === "null");
    // A named schema may itself allow null (e.g. an execution's error).
    if (schema.$ref) return { type: { kind: "named", name: refName(schema.$ref) }, nullable: nullable || allowsNull(this.resolve(schema)) };
    if (schema.allOf?.length === 1 && schema.allOf[0]) return { ...this.fieldType(schema.allOf[0], name), nullable };
    if (members.length === 1 && members[0]) return { type: this.fieldType(members[0], name).type, nullable: nullable || nullMember };
    if (members.length > 1) {
      return { type: { kind: "union", members: members.map((m, i) => this.fieldType(m, `${name}${i + 1}`).type) }, nullable: nullable || nullMember };
    }
    if (schema.const !== undefined) return { type: { kind: "literal", values: [String(schema.const)] }, nullable };
    if (schema.enum && schema.enum.every((v) => typeof v === "string")) return { type: { kind: "literal", values: schema.enum as string[] }, nullable };
    // Any JSON value already includes null.
    if (type.length > 1) return { type: { kind: "any" }, nullable: nullable && !acceptsAnyJsonValue(schema.type) };
    switch (type[0]) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return { type: { kind: type[0] }, nullable };
      case "array":
        return { type: { kind: "array", items: schema.items ? this.fieldType(schema.items, `${name}Item`).type : { kind: "any" } }, nullable };
      default:
        if (schema.properties) {
          this.define(name, schema);
          return { type: { kind: "named", name }, nullable };
        }
        if (type[0] === "object" || schema.additionalProperties !== undefined) {
          const values = typeof schema.additionalProperties === "object" ? this.fieldType(schema.additionalProperties, `${name}Value`).type : { kind: "any" as const };
          return { type: { kind: "map", values }, nullable };
        }
        return { type: { kind: "any" }, nullable };
    }
  }
}

/**
 * How a list operation pages: `cursor` when it takes a `cursor` query parameter and answers
 * `has_more` (boolean) and `next_cursor`, so the next page is asked for with the cursor given;
 * `page` otherwise (page numbers, ending on a short page or at `total`).
 */
export type PagingStyle = "page" | "cursor";

export interface ListShape {
  field: string;
  item: TypeRef;
  style: PagingStyle;
}

/** The list a paginated answer carries (an answer with one array field): its field, item type and paging style. */
export function listOf(registry: ModelRegistry, answer: TypeRef, queryParams: readonly string[]): ListShape | undefined {
  if (answer.kind !== "named") return undefined;
  const fields = registry.models.get(answer.name)?.fields ?? [];
  const arrays = fields.filter((f) => f.type.kind === "array");
  const [only] = arrays;
  if (arrays.length !== 1 || !only || only.type.kind !== "array") return undefined;
  const has = (name: string, kind: TypeRef["kind"]) => fields.some((f) => f.name === name && f.required && f.type.kind === kind);
  const cursor = queryParams.includes("cursor") && has("has_more", "boolean") && has("next_cursor", "string");
  return { field: only.name, item: only.type.items, style: cursor ? "cursor" : "page" };
}
