import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { API_ENDPOINT_GROUPS } from "./api-endpoints";

const OpenApiSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
const OperationSchema = z.object({ summary: z.string() });
const document = OpenApiSchema.parse(parse(readFileSync(new URL("../../../../../openapi.yaml", import.meta.url), "utf8")));

describe("the overview's endpoint list", () => {
  const endpoints = API_ENDPOINT_GROUPS.flatMap((group) => group.endpoints);

  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))("names a documented operation: %s", (_, endpoint) => {
    const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
    expect(operation, "in openapi.yaml").toBeDefined();
    expect(OperationSchema.parse(operation).summary).toBe(endpoint.summary);
  });

  it("lists each operation once", () => {
    const keys = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
