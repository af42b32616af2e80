import { createContext, use, type ReactNode } from "react";
import { PortalConfigSchema, type PortalConfig } from "../../../core/contracts/portal-config";
import { apiRequest, type ApiRequest } from "./api-client";

/**
 * What differs between deployments (product name, payment page locations, sign-in buttons),
 * read from the gateway once when the portal starts (DESIGN.md section 1): the build bakes in none of it.
 */

/** When the gateway cannot be read: nothing may be embedded and only password sign-in is offered. */
export const FALLBACK_PORTAL_CONFIG: PortalConfig = { product_name: "Sluice", payment_page_locations: [], oauth_providers: [] };

function reportFallback(error: unknown): void {
  // eslint-disable-next-line no-console -- the one trace of a deployment problem the visitor cannot see otherwise
  console.error("Could not read the portal configuration (GET /api/portal-config); payments and sign-in buttons are off.", error);
}

/** The first render waits for the configuration at most this long. */
const LOAD_TIMEOUT_MS = 10_000;

export interface LoadPortalConfigOptions {
  request?: ApiRequest;
  report?: (error: unknown) => void;
  timeoutMs?: number;
}

/** GET /api/portal-config; on any failure or after the timeout, the fallback (and a report of it). Never rejects. */
export async function loadPortalConfig({ request = apiRequest, report = reportFallback, timeoutMs = LOAD_TIMEOUT_MS }: LoadPortalConfigOptions = {}): Promise<PortalConfig> {
  try {
    return await request("/api/portal-config", { schema: PortalConfigSchema, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    report(error);
    return FALLBACK_PORTAL_CONFIG;
  }
}

const PortalConfigContext = createContext<PortalConfig>(FALLBACK_PORTAL_CONFIG);

export function PortalConfigProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return <PortalConfigContext value={config}>{children}</PortalConfigContext>;
}

/** The configuration read at start-up. */
export function usePortalConfig(): PortalConfig {
  return use(PortalConfigContext);
}
