import { describe, expect, it } from "vitest";
import { CreateWorkflowRequestSchema, UpdateWorkflowRequestSchema } from "../../../../../core/contracts/workflows";
import { exampleBodyText } from "./example-bodies";

describe("the example bodies", () => {
  it("are bodies the API accepts for create and update", () => {
    expect(CreateWorkflowRequestSchema.safeParse(JSON.parse(exampleBodyText("create"))).success).toBe(true);
    expect(UpdateWorkflowRequestSchema.safeParse(JSON.parse(exampleBodyText("update"))).success).toBe(true);
  });
});
