import { describe, expect, it } from "vitest";
import { PAYMENT_URL_MESSAGES, checkPaymentUrl, withChosenMethod } from "./payment-url";

/** What the gateway lists with the sandbox (a path on its own site) and with Pesapal (an origin). */
const SANDBOX = ["http://127.0.0.1:4000/sandbox/pesapal/pay/"];
const PESAPAL = ["https://pay.pesapal.com"];
const foreign = { ok: false, message: PAYMENT_URL_MESSAGES.foreign };

describe("checkPaymentUrl", () => {
  it("reports a missing URL", () => {
    expect(checkPaymentUrl(null, PESAPAL)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.missing });
    expect(checkPaymentUrl("  ", PESAPAL)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.missing });
  });

  it("reports text that is not an http(s) URL as malformed", () => {
    for (const url of ["not a url", "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://pay.pesapal.com/x"]) {
      expect(checkPaymentUrl(url, PESAPAL), url).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.malformed });
    }
  });

  it("accepts a page under a path-scoped location, and nothing else on that site", () => {
    const page = "http://127.0.0.1:4000/sandbox/pesapal/pay/abc-123";
    expect(checkPaymentUrl(page, SANDBOX)).toEqual({ ok: true, url: page });
    for (const url of [
      "http://127.0.0.1:4000/dashboard",
      "http://127.0.0.1:4000/sandbox/pesapal/control/settings",
      "http://127.0.0.1:4000/sandbox/pesapal/payx",
      "http://127.0.0.1:4000/sandbox/pesapal/pay/../../../dashboard",
      "http://127.0.0.1:4000/sandbox/pesapal/pay/%2e%2e/%2e%2e/control/settings",
      "http://127.0.0.1:4001/sandbox/pesapal/pay/abc-123",
      "https://evil.example/sandbox/pesapal/pay/abc-123",
    ]) {
      expect(checkPaymentUrl(url, SANDBOX), url).toEqual(foreign);
    }
  });

  it("accepts any page on an origin location, on another origin than the portal's", () => {
    const page = "https://pay.pesapal.com/iframe/PesapalIframe3/Index?OrderTrackingId=b945e4af-80a5-4ec1-8706-e03f8332fb04";
    expect(checkPaymentUrl(page, PESAPAL)).toEqual({ ok: true, url: page });
    expect(checkPaymentUrl("https://cybqa.pesapal.com/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=x", ["https://cybqa.pesapal.com"]).ok).toBe(true);
  });

  it("compares whole origins, so a look-alike host, another scheme or port is refused", () => {
    for (const url of [
      "https://pay.pesapal.com.evil.example/x",
      "http://pay.pesapal.com/x",
      "https://pay.pesapal.com:8443/x",
      "https://evil.example/?pay.pesapal.com",
      "https://evil.example/#https://pay.pesapal.com",
    ]) {
      expect(checkPaymentUrl(url, PESAPAL), url).toEqual(foreign);
    }
  });

  it("refuses credentials in the URL, even on an allowed location", () => {
    expect(checkPaymentUrl("https://user:pw@pay.pesapal.com/x", PESAPAL)).toEqual(foreign);
    expect(checkPaymentUrl("http://user@127.0.0.1:4000/sandbox/pesapal/pay/abc", SANDBOX)).toEqual(foreign);
  });

  it("refuses every page when the gateway lists no location (its configuration could not be read)", () => {
    expect(checkPaymentUrl("https://pay.pesapal.com/iframe/x", [])).toEqual(foreign);
    expect(checkPaymentUrl("http://127.0.0.1:4000/sandbox/pesapal/pay/abc", [])).toEqual(foreign);
  });
});

describe("withChosenMethod", () => {
  it("names the chosen method on the provider's page, and ignores anything that is not a method", () => {
    const page = "http://localhost:3000/sandbox/pesapal/pay/abc?x=1";
    expect(withChosenMethod(page, "card")).toBe("http://localhost:3000/sandbox/pesapal/pay/abc?x=1&method=card");
    expect(withChosenMethod(page, "mobile_money")).toBe("http://localhost:3000/sandbox/pesapal/pay/abc?x=1&method=mobile_money");
    expect(withChosenMethod(page, "bitcoin")).toBe(page);
    expect(withChosenMethod(page, null)).toBe(page);
  });
});
