import { env } from "../../../lib/env";

/** The gateway origin the samples call: the configured API base URL, else this site. */
export function apiOrigin(): string {
  return env.apiBaseUrl || window.location.origin;
}
