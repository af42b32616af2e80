import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { z } from "zod";

/**
 * Turns openapi.yaml into a Postman v2.1 collection: one folder per tag, one request per
 * operation with `{{baseUrl}}` and `:path` variables, bearer auth from `{{apiKey}}` (none where
 * the operation needs no key), and an example JSON body built from the schema's examples,
 * defaults and required fields. The portal's build runs it (portal/vite.config.ts), so the
 * collection offered for download always matches the committed API.
 */

export const POSTMAN_SCHEMA_URL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export const OPENAPI_FILE = fileURLToPath(new URL("../openapi.yaml", import.meta.url));

const ParameterSchema = z.object({
  name: z.string(),
  in: z.enum(["path", "query", "header", "cookie"]),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: z.unknown().optional(),
});

const OperationSchema = z.object({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(ParameterSchema).optional(),
  requestBody: z
    .object({ required: z.boolean().optional(), content: z.record(z.string(), z.object({ schema: z.unknown().optional() })) })
    .optional(),
});

const OpenApiDocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
});

type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
type Operation = z.infer<typeof OperationSchema>;
type Parameter = z.infer<typeof ParameterSchema>;

/** The parts of a JSON Schema the example builder reads. */
const SchemaNodeSchema = z.looseObject({
  $ref: z.string().optional(),
  example: z.unknown().optional(),
  default: z.unknown().optional(),
  const: z.unknown().optional(),
  enum: z.array(z.unknown()).optional(),
  type: z.union([z.string(), z.array(z.string())]).optional(),
  format: z.string().optional(),
  minimum: z.number().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
  items: z.unknown().optional(),
  oneOf: z.array(z.unknown()).optional(),
  anyOf: z.array(z.unknown()).optional(),
  allOf: z.array(z.unknown()).optional(),
});

export interface PostmanVariable {
  key: string;
  value: string;
  type?: "string";
  description?: string;
  disabled?: boolean;
}

export interface PostmanRequestItem {
  name: string;
  request: {
    method: string;
    description?: string;
    header: PostmanVariable[];
    url: { raw: string; host: string[]; path: string[]; query?: PostmanVariable[]; variable?: PostmanVariable[] };
    auth?: { type: "noauth" };
    body?: { mode: "raw"; raw: string; options: { raw: { language: "json" } } } | { mode: "file"; file: { src: string } };
  };
  response: [];
}

export interface PostmanCollection {
  info: { name: string; description?: string; version: string; schema: typeof POSTMAN_SCHEMA_URL };
  auth: { type: "bearer"; bearer: Array<{ key: "token"; value: string; type: "string" }> };
  variable: PostmanVariable[];
  item: Array<{ name: string; item: PostmanRequestItem[] }>;
}

const MAX_SCHEMA_DEPTH = 12;

/** An example value for a schema: its example, default, const or first enum value, else one built from its parts. */
function exampleFor(schema: unknown, doc: OpenApiDocument, depth = 0): unknown {
  const node = SchemaNodeSchema.safeParse(schema);
  if (!node.success || depth > MAX_SCHEMA_DEPTH) return {};
  const s = node.data;
  if (s.$ref) return exampleFor(resolveRef(s.$ref, doc), doc, depth + 1);
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  const variant = s.oneOf?.[0] ?? s.anyOf?.[0];
  if (variant !== undefined) return exampleFor(variant, doc, depth + 1);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => exampleFor(part, doc, depth + 1)));

  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "object" || (type === undefined && s.properties)) {
    const properties = s.properties ?? {};
    // The required fields make a valid request; a schema with none shows all of its fields.
    const names = s.required?.length ? s.required : Object.keys(properties);
    return Object.fromEntries(names.filter((name) => name in properties).map((name) => [name, exampleFor(properties[name], doc, depth + 1)]));
  }
  if (type === "array") return [exampleFor(s.items, doc, depth + 1)];
  if (type === "integer" || type === "number") return s.minimum ?? 0;
  if (type === "boolean") return true;
  if (type === "string") return `<${s.format ?? "string"}>`;
  return {};
}

function resolveRef(ref: string, doc: OpenApiDocument): unknown {
  const prefix = "#/components/schemas/";
  if (!ref.startsWith(prefix)) throw new Error(`unsupported $ref ${ref}`);
  const target = doc.components?.schemas?.[ref.slice(prefix.length)];
  if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
  return target;
}

/** A parameter's example as text: its schema's example, default or first enum value; empty when none. */
function parameterValue(parameter: Parameter): string {
  const node = SchemaNodeSchema.safeParse(parameter.schema);
  if (!node.success) return "";
  const { example, default: fallback, enum: choices } = node.data;
  const value = example ?? fallback ?? choices?.[0];
  return value === undefined ? "" : String(value);
}

function variable(parameter: Parameter): PostmanVariable {
  return {
    key: parameter.name,
    value: parameterValue(parameter),
    ...(parameter.description ? { description: parameter.description } : {}),
    // Optional query parameters and headers are listed, switched off until the user wants them.
    ...(parameter.in !== "path" && !parameter.required ? { disabled: true } : {}),
  };
}

function requestBody(operation: Operation, doc: OpenApiDocument): Pick<PostmanRequestItem["request"], "body"> & { contentType?: string } {
  const content = operation.requestBody?.content;
  if (!content) return {};
  const json = content["application/json"];
  const jsonSchema = SchemaNodeSchema.safeParse(json?.schema);
  if (json && !(jsonSchema.success && jsonSchema.data.format === "binary")) {
    const raw = JSON.stringify(exampleFor(json.schema, doc), null, 2);
    return { contentType: "application/json", body: { mode: "raw", raw, options: { raw: { language: "json" } } } };
  }
  // A file upload (datasets): the user picks the file; the first media type names its format.
  const [firstType] = Object.keys(content);
  return { contentType: firstType, body: { mode: "file", file: { src: "" } } };
}

function requestItem(path: string, method: string, operation: Operation, doc: OpenApiDocument): PostmanRequestItem {
  const parameters = operation.parameters ?? [];
  const segments = path.split("/").filter(Boolean).map((segment) => segment.replace(/^\{(.+)\}$/, ":$1"));
  const query = parameters.filter((p) => p.in === "query").map(variable);
  const pathVariables = parameters.filter((p) => p.in === "path").map(variable);
  const { contentType, body } = requestBody(operation, doc);
  const headers = [
    ...(contentType ? [{ key: "Content-Type", value: contentType }] : []),
    ...parameters.filter((p) => p.in === "header").map(variable),
  ];
  const enabledQuery = query.filter((q) => !q.disabled).map((q) => `${q.key}=${q.value}`);
  const needsKey = (operation.security ?? doc.security ?? []).length > 0;
  return {
    name: operation.summary ?? `${method.toUpperCase()} ${path}`,
    request: {
      method: method.toUpperCase(),
      ...(operation.description ? { description: operation.description } : {}),
      header: headers,
      url: {
        raw: `{{baseUrl}}/${segments.join("/")}${enabledQuery.length > 0 ? `?${enabledQuery.join("&")}` : ""}`,
        host: ["{{baseUrl}}"],
        path: segments,
        ...(query.length > 0 ? { query } : {}),
        ...(pathVariables.length > 0 ? { variable: pathVariables } : {}),
      },
      ...(needsKey ? {} : { auth: { type: "noauth" as const } }),
      ...(body ? { body } : {}),
    },
    response: [],
  };
}

export function postmanCollectionFromOpenApi(source: unknown, options: { baseUrl: string }): PostmanCollection {
  const doc = OpenApiDocumentSchema.parse(source);
  const folders = new Map<string, PostmanRequestItem[]>();
  for (const [path, pathItem] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      if (pathItem[method] === undefined) continue;
      const operation = OperationSchema.parse(pathItem[method]);
      const tag = operation.tags?.[0] ?? "Other";
      folders.set(tag, [...(folders.get(tag) ?? []), requestItem(path, method, operation, doc)]);
    }
  }
  return {
    info: {
      name: doc.info.title,
      ...(doc.info.description ? { description: doc.info.description } : {}),
      version: doc.info.version,
      schema: POSTMAN_SCHEMA_URL,
    },
    auth: { type: "bearer", bearer: [{ key: "token", value: "{{apiKey}}", type: "string" }] },
    variable: [
      { key: "baseUrl", value: options.baseUrl.replace(/\/+$/, ""), type: "string", description: "The Sluice origin, without a trailing slash." },
      { key: "apiKey", value: "", type: "string", description: "An API key: sk_test_… to try things, sk_live_… for production." },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}

/** Reads openapi.yaml and answers the collection as formatted JSON text. */
export function renderPostmanCollection(options: { baseUrl: string; openapiFile?: string }): string {
  const source: unknown = parse(readFileSync(options.openapiFile ?? OPENAPI_FILE, "utf8"));
  return `${JSON.stringify(postmanCollectionFromOpenApi(source, options), null, 2)}\n`;
}

// `tsx scripts/generate-postman.ts <out.json> [baseUrl]` writes the collection outside a portal build.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [output = "sluice.postman_collection.json", baseUrl = "http://localhost:3000"] = process.argv.slice(2);
  writeFileSync(output, renderPostmanCollection({ baseUrl }));
  process.stdout.write(`wrote ${output}\n`);
}
