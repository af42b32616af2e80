import { describe, expect, it } from "vitest";
import { isId, newId } from "../../../core/ids.js";
import { workflowEmail, workflowEmailHtml, workflowEmailId } from "./send-email.js";

describe("workflow e-mail", () => {
  it("derives one valid mail id per execution and step", () => {
    const execution = newId("exec");
    const id = workflowEmailId(execution, "notify");
    expect(isId("mail", id)).toBe(true);
    expect(workflowEmailId(execution, "notify")).toBe(id);
    expect(workflowEmailId(execution, "notify_2")).not.toBe(id);
    expect(workflowEmailId(newId("exec"), "notify")).not.toBe(id);
  });

  it("orders the ids by the execution's creation time", () => {
    const earlier = workflowEmailId(newId("exec", Date.UTC(2026, 0, 1)), "zzz");
    const later = workflowEmailId(newId("exec", Date.UTC(2026, 0, 1) + 1), "aaa");
    expect(earlier < later).toBe(true);
    const execution = newId("exec", Date.UTC(2026, 0, 1));
    expect(newId("mail", Date.UTC(2026, 0, 1) - 1) < workflowEmailId(execution, "a")).toBe(true);
    expect(workflowEmailId(execution, "a") < newId("mail", Date.UTC(2026, 0, 1) + 1)).toBe(true);
  });

  it("escapes the text into HTML paragraphs with line breaks", () => {
    const html = workflowEmailHtml("Hi <b>", "Line 1\nLine <2>\n\n\nNext & last");
    expect(html).toContain("<title>Hi &lt;b&gt;</title>");
    expect(html).toContain("<p>Line 1<br>\nLine &lt;2&gt;</p>\n<p>Next &amp; last</p>");
  });

  it("trims the address and keeps the text as written", () => {
    expect(workflowEmail({ to: "  ada@example.com ", subject: "S", text: "  body  " })).toMatchObject({ to: "ada@example.com", text: "  body  ", template: "workflow-email" });
  });
});
