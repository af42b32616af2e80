import { z } from "zod";
import { ENDPOINT_CATEGORIES } from "../metering/endpoint-categories.js";
import { KEY_MODES, KEY_PERMISSIONS } from "./api-keys.js";

/** The public API's account answers (`/v1/whoami`, `/v1/usage`), seen by the key making the request. */

export const WhoAmISchema = z
  .object({
    key: z.object({ id: z.string(), mode: z.enum(KEY_MODES), permission: z.enum(KEY_PERMISSIONS), monthly_cap: z.number().int().nullable() }),
    account: z.object({ id: z.string(), package: z.string() }),
  })
  .meta({ id: "WhoAmI" });

/** This calendar month's usage of the key's mode (live: the account's quota; test: the fixed test limits). */
export const KeyUsageSchema = z
  .object({
    mode: z.enum(KEY_MODES),
    requests_used: z.number().int(),
    requests_limit: z.number().int().nullable().meta({ description: "null when unlimited" }),
    reset_date: z.string().meta({ description: "First day of next month (UTC), when the quota resets." }),
    endpoints: z.array(z.object({ endpoint: z.enum(ENDPOINT_CATEGORIES), request_count: z.number().int() })).meta({
      description:
        "Requests this month per endpoint category, of the key's mode only (a test key sees test requests, a live key live ones); they add up to requests_used (for live keys, just after midnight UTC the previous day's last requests can be missing from them for a few seconds, until they are written to the ledger).",
    }),
    data: z.object({ bytes_processed: z.number().int(), bytes_limit: z.number().int().nullable() }),
  })
  .meta({ id: "Usage" });
export type KeyUsage = z.infer<typeof KeyUsageSchema>;
