import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html.js";
import {
  confirmEmailMessage,
  passwordChangedMessage,
  resetPasswordMessage,
  signUpAttemptOnExistingAccountMessage,
  webhookEndpointDisabledMessage,
} from "./templates.js";

const product = { productName: "Sluice", publicUrl: "https://sluice.example" };
const link = "https://sluice.example/auth/confirm?token=abc&next=%2Fdashboard";
const escapedLink = "https://sluice.example/auth/confirm?token=abc&amp;next=%2Fdashboard";

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("escapes an ampersand once, so an entity in the input stays visible as text", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });

  it("leaves ordinary text, including non-ASCII, unchanged", () => {
    expect(escapeHtml("Ana Müller · 100 requests")).toBe("Ana Müller · 100 requests");
  });
});

describe("confirmEmailMessage", () => {
  const hostile = `<script>alert(1)</script> "&`;
  const message = confirmEmailMessage({ ...product, fullName: hostile, link });

  it("escapes a hostile full name in the HTML body", () => {
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;,");
  });

  it("keeps the full name as written in the plain-text body", () => {
    expect(message.text).toContain(`Hi ${hostile},`);
  });

  it("carries the link in both bodies, escaped in the HTML attribute and text", () => {
    expect(message.text).toContain(link);
    expect(message.html).toContain(`href="${escapedLink}"`);
    expect(message.html).not.toContain(`href="${link}"`);
  });

  it("names the product in the subject", () => {
    expect(message.subject).toBe("Confirm your email address for Sluice");
  });

  it("greets without a name when the name is blank", () => {
    expect(confirmEmailMessage({ ...product, fullName: "  ", link }).text).toMatch(/^Hi,\n/);
  });

  it("is a self-contained HTML document: no scripts, no external images or fonts", () => {
    expect(message.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(message.html).not.toMatch(/<script|<img|<link|@import|url\(/i);
  });
});

describe("resetPasswordMessage", () => {
  const message = resetPasswordMessage({ ...product, link, expiresInMinutes: 60 });

  it("has the subject, the link in both bodies and the expiry", () => {
    expect(message.subject).toBe("Reset your Sluice password");
    expect(message.text).toContain(link);
    expect(message.html).toContain(`href="${escapedLink}"`);
    expect(message.text).toContain("expires in 1 hour");
    expect(resetPasswordMessage({ ...product, link, expiresInMinutes: 30 }).html).toContain("expires in 30 minutes");
  });
});

describe("signUpAttemptOnExistingAccountMessage", () => {
  const signInLink = "https://sluice.example/sign-in";
  const resetLink = "https://sluice.example/forgot-password";
  const message = signUpAttemptOnExistingAccountMessage({ ...product, signInLink, resetLink });

  it("offers the owner both sign-in and reset links in both bodies", () => {
    expect(message.subject).toBe("Sign-up attempt with your Sluice email address");
    for (const url of [signInLink, resetLink]) {
      expect(message.text).toContain(url);
      expect(message.html).toContain(`href="${url}"`);
    }
    expect(message.text).toContain("no new account was created");
  });
});

describe("passwordChangedMessage", () => {
  it("tells the owner what to do if the change was not theirs", () => {
    const message = passwordChangedMessage(product);
    expect(message.subject).toBe("Your Sluice password was changed");
    expect(message.text).toContain("If you did not, reset your password");
    expect(message.html).toContain('href="https://sluice.example"');
  });
});

describe("product values from configuration", () => {
  it("escapes the product name in the HTML body", () => {
    const message = passwordChangedMessage({ productName: "Acme <Labs> & Co", publicUrl: product.publicUrl });
    expect(message.html).toContain("Acme &lt;Labs&gt; &amp; Co");
    expect(message.html).not.toContain("<Labs>");
  });

  it("refuses a link that is not an absolute http(s) URL", () => {
    expect(() => confirmEmailMessage({ ...product, fullName: "A", link: "javascript:alert(1)" })).toThrow(TypeError);
    expect(() => resetPasswordMessage({ ...product, link: "/relative", expiresInMinutes: 60 })).toThrow(TypeError);
  });
});

describe("webhookEndpointDisabledMessage", () => {
  const message = webhookEndpointDisabledMessage({
    ...product,
    endpointId: "whe_123",
    mode: "test",
    url: "https://hooks.example/<in>",
    failingSince: new Date("2026-11-16T08:30:00Z"),
    dashboardLink: "https://sluice.example/dashboard?section=webhooks",
  });

  it("names the endpoint and its mode, since when it failed, and how to re-enable it", () => {
    expect(message.subject).toBe("A Sluice webhook endpoint was disabled");
    expect(message.text).toContain("your test-mode webhook endpoint https://hooks.example/<in> (whe_123)");
    expect(message.text).toContain("is_active true and a test key");
    expect(message.text).toContain("2026-11-16 08:30 UTC");
    expect(message.text).toContain("is_active true");
    expect(message.html).toContain("https://hooks.example/&lt;in&gt;");
  });
});
