import type { OpenAPIHono } from "@hono/zod-openapi";
import { stringify } from "yaml";
import type { AppEnv } from "./app-env.js";
import { assignOperationIds } from "./openapi-operation-ids.js";

export const API_INFO = {
  title: "Sluice API",
  version: "1.0.0",
  description:
    "Metered API for workflow automation and data processing. Authenticate with `Authorization: Bearer <key>` " +
    "(sk_live_, sk_test_ or ak_ keys). Every error has the shape `{ error: { code, message, details?, request_id } }`.",
};

/** The OpenAPI 3.1 document of every route declared with createRoute, as YAML. */
export function renderOpenApiYaml(app: OpenAPIHono<AppEnv>): string {
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: API_INFO,
    servers: [{ url: "/", description: "This server" }],
  });
  assignOperationIds(document.paths ?? {});
  return stringify(document, { lineWidth: 0, sortMapEntries: false });
}
