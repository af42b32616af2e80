import type { z } from "zod";
import type { CreateWorkflowRequestSchema, UpdateWorkflowRequestSchema } from "../../../../../core/contracts/workflows";
import type { BodyEndpointId } from "./endpoints";

/**
 * The bodies the playground's body box starts with. Typed as the API's request input, so a
 * contract change that invalidates them fails the typecheck (and example-bodies.test.ts parses them).
 */
export const EXAMPLE_CREATE_BODY: z.input<typeof CreateWorkflowRequestSchema> = {
  name: "New order alert",
  description: "Posts every new order to the sales channel.",
  trigger: { type: "webhook" },
  actions: [
    {
      type: "chat_message",
      name: "notify_sales",
      config: {
        provider: "slack",
        webhook_url: "https://hooks.slack.com/services/T0000/B0000/XXXXXXXX",
        text: "New order {{trigger.data.order_id}}: {{trigger.data.amount}} USD",
      },
    },
  ],
};

export const EXAMPLE_UPDATE_BODY: z.input<typeof UpdateWorkflowRequestSchema> = {
  name: "New order alert (paused)",
  status: "draft",
};

/** The example body of an endpoint as the body box shows it: JSON, indented by two spaces. */
export function exampleBodyText(endpoint: BodyEndpointId): string {
  return JSON.stringify(endpoint === "create" ? EXAMPLE_CREATE_BODY : EXAMPLE_UPDATE_BODY, null, 2);
}
