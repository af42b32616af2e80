import { describe, expect, it } from "vitest";
import { linkifyText } from "./dev-mailbox-page.js";

describe("linkifyText", () => {
  it("turns http and https URLs into links and escapes the rest", () => {
    expect(linkifyText("Open https://a.example/x?y=1&z=2 or http://b.example <now>")).toBe(
      'Open <a href="https://a.example/x?y=1&amp;z=2">https://a.example/x?y=1&amp;z=2</a> or ' +
        '<a href="http://b.example">http://b.example</a> &lt;now&gt;',
    );
  });

  it("leaves sentence punctuation after a link outside it", () => {
    expect(linkifyText("Go to https://a.example/confirm. Then (https://b.example).")).toBe(
      'Go to <a href="https://a.example/confirm">https://a.example/confirm</a>. Then (<a href="https://b.example">https://b.example</a>).',
    );
  });

  it("does not link other schemes and cannot be broken out of the attribute", () => {
    expect(linkifyText('javascript:alert(1) https://a.example/"onmouseover="x')).toBe(
      'javascript:alert(1) <a href="https://a.example/">https://a.example/</a>&quot;onmouseover=&quot;x',
    );
  });

  it("keeps line breaks and text without links as they are", () => {
    expect(linkifyText("Hi,\n\nno links here & there")).toBe("Hi,\n\nno links here &amp; there");
  });
});
