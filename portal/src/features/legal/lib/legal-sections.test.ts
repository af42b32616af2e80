import { describe, expect, it } from "vitest";
import type { LegalSection } from "./legal-section";
import { PRIVACY_SECTIONS } from "./privacy-sections";
import { TERMS_SECTIONS } from "./terms-sections";

const textOf = (sections: readonly LegalSection[]) => sections.flatMap((section) => [section.title, ...section.blocks.flat()]).join("\n");

describe.each([
  ["terms", TERMS_SECTIONS],
  ["privacy", PRIVACY_SECTIONS],
])("the %s page", (_name, sections) => {
  it("has 13 sections with distinct titles and anchors, none empty", () => {
    expect(sections).toHaveLength(13);
    expect(new Set(sections.map((section) => section.title)).size).toBe(13);
    expect(new Set(sections.map((section) => section.id)).size).toBe(13);
    for (const section of sections) expect(section.blocks.flat().join("").length, section.id).toBeGreaterThan(40);
  });
});

describe("the terms", () => {
  const text = textOf(TERMS_SECTIONS);

  it("promise 30 days' notice of material changes", () => {
    expect(text).toContain("at least 30 days' notice of any material change");
  });

  it("state the product's real payment, refund and plan terms", () => {
    expect(text).toContain("Pesapal");
    expect(text).toContain("30-day money-back guarantee");
    expect(text).toContain("yearly (20% off) or every three years (40% off)");
    expect(text).toContain("1,000 requests and 10GB of data processing a month");
    expect(text).toContain("7 days and 1 day before your plan expires");
    expect(text).toContain("grace period of 3 days");
  });
});

describe("the privacy policy", () => {
  const text = textOf(PRIVACY_SECTIONS);

  it("covers children under 13", () => {
    expect(text).toContain("Children under 13 may not create an account");
  });

  it("names the data stored, the payment provider, the e-mail sent and session cookies only", () => {
    for (const fact of ["Account:", "API usage:", "datasets you upload", "Pesapal", "We send no marketing e-mail", "We use session cookies only"]) {
      expect(text).toContain(fact);
    }
  });
});
