import { describe, expect, it } from "vitest";
import { ANY_JSON_VALUE_TYPES, typeEverySchema } from "./openapi-schema-types.js";

const ANY = [...ANY_JSON_VALUE_TYPES];

describe("typeEverySchema", () => {
  it("types an unconstrained schema as any JSON value, at any depth, with `type` written first", () => {
    const document = {
      components: {
        schemas: {
          Step: {
            type: "object",
            properties: { output: { description: "What the step returned." }, data: { type: "object", additionalProperties: {} } },
          },
        },
      },
    };
    typeEverySchema(document);
    expect(document.components.schemas.Step.properties).toEqual({
      output: { type: ANY, description: "What the step returned." },
      data: { type: "object", additionalProperties: { type: ANY } },
    });
    expect(Object.keys(document.components.schemas.Step.properties.output)[0]).toBe("type");
  });

  it("types a union whose members, followed through references, share one type, and leaves a mixed union alone", () => {
    const document = {
      components: {
        schemas: {
          Trigger: { oneOf: [{ $ref: "#/components/schemas/Webhook" }, { $ref: "#/components/schemas/Manual" }] },
          Webhook: { type: "object" },
          Manual: { type: "object" },
          Count: { anyOf: [{ type: "integer" }, { type: "null" }] },
        },
      },
    };
    typeEverySchema(document);
    expect(document.components.schemas.Trigger).toMatchObject({ type: "object" });
    expect(document.components.schemas.Count).toEqual({ anyOf: [{ type: "integer" }, { type: "null" }] });
  });

  it("types the schemas of parameters and bodies under the paths, and leaves enums, references and allOf alone", () => {
    const parameter = { name: "since", in: "query", schema: { anyOf: [{ type: "string", format: "date" }, { type: "string", format: "date-time" }] } };
    const body = { additionalProperties: {} };
    const untouched = [{ enum: ["a", 1] }, { $ref: "#/components/schemas/Missing" }, { allOf: [{ type: "object" }] }];
    const document = {
      paths: { "/x": { get: { parameters: [parameter], requestBody: { content: { "application/json": { schema: body } } } }, post: { responses: untouched.map((schema) => ({ schema })) } } },
    };
    typeEverySchema(document);
    expect(parameter.schema).toMatchObject({ type: "string" });
    expect(body).toEqual({ type: ANY, additionalProperties: { type: ANY } });
    expect(untouched).toEqual([{ enum: ["a", 1] }, { $ref: "#/components/schemas/Missing" }, { allOf: [{ type: "object" }] }]);
  });
});
