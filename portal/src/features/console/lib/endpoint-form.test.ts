import { describe, expect, it } from "vitest";
import { DEFAULT_ENDPOINT_VALUES, toggleEvent, validateEndpointForm } from "./endpoint-form";
import { defaultTestEvent, eventLabels } from "./webhook-display";

describe("toggleEvent", () => {
  it("lets All events stand alone", () => {
    expect(toggleEvent(["workflow.completed", "workflow.failed"], "*", true)).toEqual(["*"]);
    expect(toggleEvent(["*"], "workflow.failed", true)).toEqual(["workflow.failed"]);
  });

  it("adds and removes single types without duplicates", () => {
    expect(toggleEvent(["workflow.completed"], "workflow.failed", true)).toEqual(["workflow.completed", "workflow.failed"]);
    expect(toggleEvent(["workflow.completed"], "workflow.completed", true)).toEqual(["workflow.completed"]);
    expect(toggleEvent(["workflow.completed", "workflow.failed"], "workflow.completed", false)).toEqual(["workflow.failed"]);
  });
});

describe("validateEndpointForm", () => {
  it("accepts an https URL with events, and sends a blank description as null", () => {
    const result = validateEndpointForm({ url: " https://example.com/hooks ", events: ["workflow.completed"], description: "  " });
    expect(result).toEqual({ ok: true, data: { url: "https://example.com/hooks", events: ["workflow.completed"], description: null } });
  });

  it("names the field of each problem with the contract's messages", () => {
    const result = validateEndpointForm({ ...DEFAULT_ENDPOINT_VALUES, url: "ftp://example.com", events: [] });
    expect(result).toEqual({ ok: false, errors: { url: ["url must use http or https"], events: ['Give at least one event type (or "*" for all)'] } });
    expect(validateEndpointForm({ ...DEFAULT_ENDPOINT_VALUES, url: "" })).toEqual({ ok: false, errors: { url: ["url is required"] } });
  });
});

describe("webhook display", () => {
  it("shows * as All events and lists other filters as they are", () => {
    expect(eventLabels(["*"])).toEqual(["All events"]);
    expect(eventLabels(["workflow.failed", "usage.threshold_reached"])).toEqual(["workflow.failed", "usage.threshold_reached"]);
  });

  it("proposes the endpoint's first event type for a test, or workflow.completed for all events", () => {
    expect(defaultTestEvent({ events: ["processing.failed", "workflow.failed"] })).toBe("processing.failed");
    expect(defaultTestEvent({ events: ["*"] })).toBe("workflow.completed");
  });
});
