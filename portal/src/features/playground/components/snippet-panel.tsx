import { CheckboxField } from "../../../components/ui/form-field";
import type { BuildResult } from "../lib/build-request";
import { API_KEY_VARIABLE, generateSnippets, type SnippetKey } from "../lib/snippets";
import { SnippetTabs } from "./snippet-tabs";

interface SnippetPanelProps {
  /** The request as the form stands now. */
  current: BuildResult;
  apiKey: string;
  revealKey: boolean;
  onRevealKeyChange: (reveal: boolean) => void;
}

/** Code for the current request; the key appears in it only when the user asks. */
export function SnippetPanel({ current, apiKey, revealKey, onRevealKeyChange }: SnippetPanelProps) {
  const key: SnippetKey = revealKey && apiKey !== "" ? apiKey : null;
  return (
    <section aria-labelledby="playground-snippets-title" className="min-w-0">
      <h2 id="playground-snippets-title" className="text-xl font-semibold text-slate-900">
        Code snippets
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        The same request in cURL, JavaScript and Python. They read your key from the <code className="font-mono text-slate-900">{API_KEY_VARIABLE}</code>{" "}
        environment variable unless you include it.
      </p>
      <CheckboxField
        name="reveal_key"
        className="mt-3"
        label="Include my API key in the snippets"
        checked={revealKey}
        onChange={(event) => onRevealKeyChange(event.target.checked)}
      />
      <div className="mt-4">
        {current.ok ? (
          <SnippetTabs snippets={generateSnippets(current.request, key)} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
            {[current.errors.workflowId, current.errors.body].filter(Boolean).join(" ")} The snippets appear once the request is complete.
          </p>
        )}
      </div>
    </section>
  );
}
