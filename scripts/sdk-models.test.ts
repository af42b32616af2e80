import { describe, expect, it } from "vitest";
import { ANY_JSON_VALUE_TYPES } from "../gateway/openapi-schema-types.js";
import { ModelRegistry, listOf } from "./sdk-models.js";

describe("the SDKs' type model of openapi.yaml's schemas", () => {
  const registry = new ModelRegistry({
    Thing: {
      type: "object",
      properties: {
        id: { type: "string" },
        note: { type: ["string", "null"] },
        state: { type: "string", enum: ["on", "off"] },
        owner: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        tags: { type: "object", additionalProperties: { type: "integer" } },
        failure: { $ref: "#/components/schemas/Failure" },
        shape: { oneOf: [{ $ref: "#/components/schemas/Square" }, { $ref: "#/components/schemas/Circle" }] },
        payload: { type: [...ANY_JSON_VALUE_TYPES] },
        either: { type: ["string", "integer", "null"] },
      },
      required: ["id", "note", "state"],
    },
    Failure: { type: ["object", "null"], properties: { code: { type: "string" } }, required: ["code"] },
    Square: { type: "object", properties: { side: { type: "number" } }, required: ["side"] },
    Circle: { type: "object", properties: { radius: { type: "number" } }, required: ["radius"] },
    ThingList: { type: "object", properties: { things: { type: "array", items: { $ref: "#/components/schemas/Thing" } }, total: { type: "integer" } } },
    ThingPage: {
      type: "object",
      properties: { things: { type: "array", items: { $ref: "#/components/schemas/Thing" } }, has_more: { type: "boolean" }, next_cursor: { type: ["string", "null"] } },
      required: ["things", "has_more", "next_cursor"],
    },
  });

  it("names inline objects after where they appear and keeps required, nullable, enums, maps and unions", () => {
    expect(registry.models.get("Thing")?.fields).toEqual([
      { name: "id", required: true, description: "", type: { kind: "string" }, nullable: false },
      { name: "note", required: true, description: "", type: { kind: "string" }, nullable: true },
      { name: "state", required: true, description: "", type: { kind: "literal", values: ["on", "off"] }, nullable: false },
      { name: "owner", required: false, description: "", type: { kind: "named", name: "ThingOwner" }, nullable: false },
      { name: "tags", required: false, description: "", type: { kind: "map", values: { kind: "integer" } }, nullable: false },
      { name: "failure", required: false, description: "", type: { kind: "named", name: "Failure" }, nullable: true },
      { name: "shape", required: false, description: "", type: { kind: "union", members: [{ kind: "named", name: "Square" }, { kind: "named", name: "Circle" }] }, nullable: false },
      // Any JSON value already includes null; a narrower list of types keeps its null.
      { name: "payload", required: false, description: "", type: { kind: "any" }, nullable: false },
      { name: "either", required: false, description: "", type: { kind: "any" }, nullable: true },
    ]);
    expect(registry.models.get("ThingOwner")?.fields?.map((f) => f.name)).toEqual(["name"]);
  });

  it("finds the list a paged answer carries", () => {
    expect(listOf(registry, { kind: "named", name: "ThingList" }, ["page", "limit"])).toEqual({ field: "things", item: { kind: "named", name: "Thing" }, style: "page" });
    expect(listOf(registry, { kind: "named", name: "Thing" }, ["page"])).toBeUndefined();
  });

  it("tells cursor lists from page lists by the query they take and the answer they give", () => {
    const thing = { kind: "named", name: "Thing" };
    expect(listOf(registry, { kind: "named", name: "ThingPage" }, ["cursor", "limit", "status"])).toEqual({ field: "things", item: thing, style: "cursor" });
    // A cursor answer without a cursor parameter, or a cursor parameter with a page answer, pages by number.
    expect(listOf(registry, { kind: "named", name: "ThingPage" }, ["limit"])?.style).toBe("page");
    expect(listOf(registry, { kind: "named", name: "ThingList" }, ["cursor", "limit"])?.style).toBe("page");
  });
});
