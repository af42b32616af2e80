import type { Context } from "hono";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import type { Owner } from "./workflow-queries.js";

/** The account and mode of the API key making a /v1 request (set by the metering middleware). */
export function ownerOf(c: Context<AppEnv>): Owner {
  const key = c.get("apiKey");
  if (!key) throw new AppError("UNAUTHORIZED");
  return { userId: key.userId, mode: key.mode };
}
