import type { CodeTab } from "../components/ui/code-tabs";
import goQuickstart from "../../../sdks/go/examples/quickstart/quickstart.go?raw";
import goWebhook from "../../../sdks/go/examples/verifywebhook/verifywebhook.go?raw";
import pythonQuickstart from "../../../sdks/python/examples/quickstart.py?raw";
import pythonWebhook from "../../../sdks/python/examples/verify_webhook.py?raw";
import typescriptQuickstart from "../../../sdks/typescript/examples/quickstart.ts?raw";
import typescriptWebhook from "../../../sdks/typescript/examples/verify-webhook.ts?raw";

/**
 * The SDKs' own examples, as the pages show them: the very files each SDK's test suite runs
 * against a real gateway (sdks/<language>/examples), so a page cannot show code that no longer
 * works. Only the TypeScript examples' relative import becomes the package's name.
 */
const asPublished = (code: string) => code.replaceAll('"../src/index.js"', '"@sluice/sdk"').trimEnd();

export const QUICKSTART_EXAMPLES: readonly CodeTab[] = [
  { label: "TypeScript", code: asPublished(typescriptQuickstart) },
  { label: "Python", code: asPublished(pythonQuickstart) },
  { label: "Go", code: asPublished(goQuickstart) },
];

export const WEBHOOK_EXAMPLES: readonly CodeTab[] = [
  { label: "TypeScript", code: asPublished(typescriptWebhook) },
  { label: "Python", code: asPublished(pythonWebhook) },
  { label: "Go", code: asPublished(goWebhook) },
];
