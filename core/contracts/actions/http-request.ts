import { z } from "zod";
import { requiredText } from "../required-text.js";
import { defineAction } from "./define-action.js";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "invalid header name");

export const httpRequestAction = defineAction({
  type: "http_request",
  component: "HttpRequestAction",
  description: "Calls a URL (GET, POST, PUT, PATCH or DELETE) with headers and a body.",
  config: z
    .object({
      url: requiredText("url", 2_048),
      method: z.enum(HTTP_METHODS).default("POST"),
      headers: z.record(headerName, z.string().max(8_192)).default({}),
      /** Sent as JSON (templates resolved inside strings); omitted for GET. */
      body: z.unknown().optional(),
    })
    .strict(),
  example: { url: "https://example.com/orders", method: "POST", body: { order: "{{trigger.data.order_id}}" } },
});
