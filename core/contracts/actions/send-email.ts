import { z } from "zod";
import { requiredText } from "../required-text.js";
import { defineAction } from "./define-action.js";

export const sendEmailAction = defineAction({
  type: "send_email",
  component: "SendEmailAction",
  description: "Sends an e-mail: to, subject and text.",
  config: z
    .object({
      to: requiredText("to", 320),
      subject: requiredText("subject", 500),
      text: requiredText("text", 100_000),
    })
    .strict(),
  example: { to: "{{trigger.data.email}}", subject: "Your order", text: "Thanks, {{trigger.data.name}}: it is on its way." },
});
