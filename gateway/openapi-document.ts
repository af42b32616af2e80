import type { OpenAPIHono } from "@hono/zod-openapi";
import { stringify } from "yaml";
import type { AppEnv } from "./app-env.js";
import { assignOperationIds } from "./openapi-operation-ids.js";
import { typeEverySchema } from "./openapi-schema-types.js";

/** The security scheme of API keys (`Authorization: Bearer <key>`); the reference preselects it. */
export const API_KEY_SCHEME = "apiKey";

/** The `security` of an operation that takes an API key. */
export const API_KEY_SECURITY = [{ [API_KEY_SCHEME]: [] }];

export const API_INFO = {
  title: "Sluice API",
  version: "1.0.0",
  termsOfService: "/terms",
  license: { name: "Proprietary: used under the Sluice Terms of Service", url: "/terms" },
  description:
    "Metered API for workflow automation and data processing. Authenticate with `Authorization: Bearer <key>` " +
    "(sk_live_, sk_test_ or ak_ keys). Every error has the shape `{ error: { code, message, details?, request_id } }`. " +
    "Text anywhere in a request may not contain U+0000 (NUL) or an unpaired UTF-16 surrogate, and percent-encoded text must be UTF-8: " +
    "such a request is 422 VALIDATION_FAILED with a detail naming each field (`actions[0].config.url`, `path.id`, `query.name`). " +
    "An id in a path that is not an id of its kind (its prefix and 22 base58 characters) is 404, like one that does not exist.",
};

/** The OpenAPI 3.1 document of every route declared with createRoute, as YAML. */
export function renderOpenApiYaml(app: OpenAPIHono<AppEnv>): string {
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: API_INFO,
    servers: [{ url: "/", description: "This server" }],
  });
  assignOperationIds(document.paths ?? {});
  typeEverySchema(document);
  return stringify(document, { lineWidth: 0, sortMapEntries: false });
}
