import { describe, expect, it } from "vitest";
import { GatewayConfigSchema, parseConfig } from "../config.js";
import { PaymentPageLocationSchema, isAtPaymentPageLocation } from "../contracts/portal-config.js";
import { paymentPageLocations } from "./payment-pages.js";

const config = (env: Record<string, string>) => parseConfig(GatewayConfigSchema, env);
const admits = (locations: string[], url: string) => isAtPaymentPageLocation(new URL(url), locations);

describe("paymentPageLocations", () => {
  it("allows only the sandbox's hosted page on PUBLIC_URL with the sandbox provider", () => {
    const locations = paymentPageLocations(config({ PAYMENT_PROVIDER: "sandbox", PUBLIC_URL: "http://localhost:4000" }));
    expect(locations).toEqual(["http://localhost:4000/sandbox/pesapal/pay/"]);
    expect(admits(locations, "http://localhost:4000/sandbox/pesapal/pay/6f1c0a52-0000-4000-8000-000000000001")).toBe(true);
    expect(admits(locations, "http://localhost:4000/dashboard")).toBe(false);
    expect(admits(locations, "http://localhost:4000/sandbox/pesapal/control/settings")).toBe(false);
  });

  it("ignores trailing slashes on PUBLIC_URL and keeps a path it has", () => {
    expect(paymentPageLocations(config({ PUBLIC_URL: "https://portal.example.test//" }))).toEqual(["https://portal.example.test/sandbox/pesapal/pay/"]);
    expect(paymentPageLocations(config({ PUBLIC_URL: "https://example.test/sluice/" }))).toEqual(["https://example.test/sluice/sandbox/pesapal/pay/"]);
  });

  it("allows Pesapal's live origin by default with the pesapal provider", () => {
    const locations = paymentPageLocations(config({ PAYMENT_PROVIDER: "pesapal", PUBLIC_URL: "https://sluice.example.test" }));
    expect(locations).toEqual(["https://pay.pesapal.com"]);
    // The page is on the API's origin, outside the API's path /v3.
    expect(admits(locations, "https://pay.pesapal.com/iframe/PesapalIframe3/Index?OrderTrackingId=b945e4af")).toBe(true);
    expect(admits(locations, "https://sluice.example.test/sandbox/pesapal/pay/x")).toBe(false);
  });

  it("allows the origin of PESAPAL_BASE_URL (Pesapal's demo site), whatever its path and trailing slashes", () => {
    for (const base of ["https://cybqa.pesapal.com/pesapalv3", "https://cybqa.pesapal.com/pesapalv3/", "https://cybqa.pesapal.com/pesapalv3//"]) {
      const locations = paymentPageLocations(config({ PAYMENT_PROVIDER: "pesapal", PESAPAL_BASE_URL: base }));
      expect(locations, base).toEqual(["https://cybqa.pesapal.com"]);
      expect(admits(locations, "https://cybqa.pesapal.com/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=x")).toBe(true);
    }
  });

  it("allows a stand-in's origin, port included, when PESAPAL_BASE_URL points the sandbox provider elsewhere", () => {
    const locations = paymentPageLocations(config({ PAYMENT_PROVIDER: "sandbox", PUBLIC_URL: "http://127.0.0.1:4000", PESAPAL_BASE_URL: "http://127.0.0.1:4100/sandbox/pesapal" }));
    expect(locations).toEqual(["http://127.0.0.1:4100"]);
    expect(admits(locations, "http://127.0.0.1:4000/sandbox/pesapal/pay/x")).toBe(false);
  });

  it("answers only entries the portal's contract accepts", () => {
    const configs = [
      config({ PUBLIC_URL: "http://LOCALHOST:4000/" }),
      config({ PAYMENT_PROVIDER: "pesapal" }),
      config({ PAYMENT_PROVIDER: "pesapal", PESAPAL_BASE_URL: "https://cybqa.pesapal.com:443/pesapalv3/" }),
    ];
    for (const locations of configs.map(paymentPageLocations)) {
      for (const location of locations) expect(PaymentPageLocationSchema.safeParse(location).success, location).toBe(true);
    }
  });
});

describe("PaymentPageLocationSchema", () => {
  it("accepts an origin, or an origin and a path ending in /", () => {
    for (const location of ["https://pay.pesapal.com", "https://pay.pesapal.com/", "http://127.0.0.1:4000/sandbox/pesapal/pay/"]) {
      expect(PaymentPageLocationSchema.safeParse(location).success, location).toBe(true);
    }
  });

  it("refuses anything a CSP source and a prefix check would read differently", () => {
    const refused = [
      "https://pay.pesapal.com/v3",
      "https://pay.pesapal.com/?x=1",
      "https://user:pw@pay.pesapal.com",
      "https://PAY.pesapal.com",
      "javascript:alert(1)//",
      "*",
      "'self'",
    ];
    for (const location of refused) expect(PaymentPageLocationSchema.safeParse(location).success, location).toBe(false);
  });
});
