// The quick start of the README and of /sdks, run by the SDK's tests against a real gateway.
import { NotFoundError, Sluice } from "../src/index.js";

export async function quickstart(apiKey: string, baseUrl: string) {
  const sluice = new Sluice({ apiKey, baseUrl });

  const workflow = await sluice.createWorkflow({
    name: "Welcome e-mail",
    trigger: { type: "manual", config: {} },
    actions: [{ type: "transform", name: "greeting", config: { output: { text: "Hello {{trigger.data.name}}" } } }],
  });
  const run = await sluice.executeWorkflow(workflow.id, { data: { name: "Ada" } });

  const analysis = await sluice.analyze({
    analysis: "trend",
    dataset: [100, 112, 121, 135, 149, 160, 171, 186].map((revenue, day) => ({ date: `2026-01-0${day + 1}`, revenue })),
    value_column: "revenue",
  });

  try {
    await sluice.getWorkflow("wf_missing");
  } catch (error) {
    // Every error class (NotFoundError, RateLimitError, NetworkError, ...) extends SluiceError.
    if (error instanceof NotFoundError) console.log(error.status, error.code, error.message, error.requestId);
  }
  return { workflow, run, analysis, rateLimit: sluice.rateLimit };
}
