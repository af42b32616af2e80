import { z } from "zod";
import { defineAction } from "./define-action.js";

export const transformAction = defineAction({
  type: "transform",
  component: "TransformAction",
  description: "Builds a new object from templates for the steps after it.",
  config: z
    .object({
      /** The step's output: this object with every template resolved. */
      output: z.record(z.string(), z.unknown()),
    })
    .strict(),
  example: { output: { customer: "{{trigger.data.email}}", status: "{{steps.http_request_1.output.status}}" } },
});
