import { describe, expect, it } from "vitest";
import { PAYMENT_URL_MESSAGES, checkPaymentUrl } from "./payment-url";

const OWN = "http://127.0.0.1:4000";

describe("checkPaymentUrl", () => {
  it("reports a missing URL", () => {
    expect(checkPaymentUrl(null, [], OWN)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.missing });
    expect(checkPaymentUrl("  ", [], OWN)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.missing });
  });

  it("reports text that is not an http(s) URL as malformed", () => {
    expect(checkPaymentUrl("not a url", [], OWN)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.malformed });
    expect(checkPaymentUrl("javascript:alert(1)", ["https://pay.pesapal.com"], OWN)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.malformed });
  });

  it("accepts only the sandbox page on the gateway's own origin when no provider origin is configured", () => {
    expect(checkPaymentUrl(`${OWN}/sandbox/pesapal/pay/abc-123`, [], OWN)).toEqual({ ok: true, url: `${OWN}/sandbox/pesapal/pay/abc-123` });
    expect(checkPaymentUrl(`${OWN}/dashboard`, [], OWN)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.foreign });
    expect(checkPaymentUrl("https://evil.example/sandbox/pesapal/pay/abc", [], OWN)).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.foreign });
  });

  it("compares whole origins, so a look-alike host is refused", () => {
    const allowed = ["https://pay.pesapal.com"];
    expect(checkPaymentUrl("https://pay.pesapal.com/iframe/PesapalIframe3/Index?OrderTrackingId=x", allowed, OWN).ok).toBe(true);
    for (const url of ["https://pay.pesapal.com.evil.example/x", "http://pay.pesapal.com/x", "https://evil.example/?pay.pesapal.com", "https://user:pw@pay.pesapal.com/x"]) {
      expect(checkPaymentUrl(url, allowed, OWN), url).toEqual({ ok: false, message: PAYMENT_URL_MESSAGES.foreign });
    }
  });
});
