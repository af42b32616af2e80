import { describe, expect, it } from "vitest";
import { runCommand } from "../../testing/run-command.js";
import { useSdkStack } from "../../testing/sdk-stack.js";

// The Go SDK's own tests (go test, sdks/go) against a real gateway and engine.
const stack = useSdkStack();

const run = (command: "go" | "gofmt", args: string[], env: Record<string, string> = {}) =>
  runCommand(command, args, { cwd: "sdks/go", env: { GOFLAGS: "-mod=mod", GOPROXY: "off", ...env }, timeoutMs: 300_000 });

describe("the Go SDK", () => {
  it("is gofmt-clean and passes go vet", async () => {
    const formatted = await run("gofmt", ["-l", "."]);
    expect(formatted.output, "files gofmt would change").toBe("");
    const vetted = await run("go", ["vet", "./..."]);
    expect(vetted.status, vetted.output).toBe(0);
  }, 300_000);

  it("passes its own tests against the API, none skipped", async () => {
    const { secret } = await stack.keyedAccount();
    const { readOnly, limited } = await stack.errorKeys();
    const env = { SLUICE_BASE_URL: stack.url, SLUICE_API_KEY: secret, SLUICE_READ_KEY: readOnly, SLUICE_LIMITED_KEY: limited };
    const { status, output } = await run("go", ["test", "-count=1", "-v", "./..."], env);
    expect(output).not.toMatch(/--- SKIP/);
    expect(output).toMatch(/--- PASS: TestDrift/);
    expect(output).toMatch(/--- PASS: TestErrorCategories/);
    expect(output).toMatch(/--- PASS: TestKindNames/);
    expect(output).toMatch(/--- PASS: TestStructsFitRealAnswers/);
    expect(output).toMatch(/--- PASS: TestCursorPaginationAndStepAttempts/);
    expect(output).toMatch(/--- PASS: TestPatchWorkflowKeepsOtherFields/);
    expect(output).toMatch(/--- PASS: TestRecoverWebhookDeliveriesWithNoneFailed/);
    expect(status, output).toBe(0);
  }, 300_000);
});
