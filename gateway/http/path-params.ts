import { z } from "@hono/zod-openapi";
import { validator } from "hono/validator";
import { idPattern, type IdPrefix } from "../../core/ids.js";
import { NOT_FOUND_ISSUE_PARAMS, validationError } from "./errors.js";

/**
 * Path parameters that name a resource. One that cannot name any (an id of another kind, or not
 * shaped like an id at all) is answered like one that names nothing: 404 with the resource's
 * own not-found message, before any query. The schema carries that message as its error, marked
 * so validationHook answers 404 rather than 400.
 */
export function resourceParam(pattern: RegExp, notFound: string, param: { name: string; example?: string }) {
  return z
    .string()
    .refine((value) => pattern.test(value), { error: notFound, params: NOT_FOUND_ISSUE_PARAMS })
    .openapi({ param: { name: param.name, in: "path" }, pattern: pattern.source, ...(param.example ? { example: param.example } : {}) });
}

/** A path parameter holding an id of one kind (`wf_` and 22 base58 characters), or 404 with `notFound`. */
export function idParam(prefix: IdPrefix, notFound: string, name = "id") {
  return resourceParam(idPattern(prefix), notFound, { name, example: `${prefix}_1AbCdEfGhJkLmNpQrStUvW` });
}

/** The same check for a route served without createRoute: its path parameters through `schema`, failures as validationHook answers them. */
export function validParams<T extends Record<string, string>>(schema: z.ZodType<T>) {
  return validator("param", (value): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw validationError(parsed.error, "param");
    return parsed.data;
  });
}
