import { describe, expect, it } from "vitest";
import { isServerPath } from "./server-paths.js";

describe("isServerPath", () => {
  it("claims the gateway's prefixes by whole segment and its operational paths", () => {
    for (const path of ["/v1", "/v1/workflows", "/api/me", "/auth/signin", "/hooks/wf_1/s", "/payments/ipn", "/sandbox/pesapal/pay/x", "/reference", "/healthz", "/openapi.yaml"]) {
      expect(isServerPath(path), path).toBe(true);
    }
  });

  it("leaves portal pages to the portal, including ones that share a prefix", () => {
    for (const path of ["/", "/api-docs", "/pricing", "/v1beta", "/dashboard", "/healthz-page", "/devices"]) {
      expect(isServerPath(path), path).toBe(false);
    }
  });
});
