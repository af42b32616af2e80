import { useId, useRef, useState, type KeyboardEvent } from "react";
import { CodeBlock } from "../../../components/ui/code-block";
import { cn } from "../../../lib/cn";
import { SNIPPET_LABELS, SNIPPET_LANGUAGES, type SnippetLanguage } from "../lib/snippets";

/** Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation). */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** cURL, JavaScript and Python versions of the request, one tab each, each copyable. */
export function SnippetTabs({ snippets }: { snippets: Record<SnippetLanguage, string> }) {
  const id = useId();
  const [active, setActive] = useState<SnippetLanguage>("curl");
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextIndex(event.key, index, SNIPPET_LANGUAGES.length);
    const language = next === null ? undefined : SNIPPET_LANGUAGES[next];
    if (next === null || language === undefined) return;
    event.preventDefault();
    setActive(language);
    tabs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label="Snippet language" className="flex gap-1 border-b border-slate-200">
        {SNIPPET_LANGUAGES.map((language, index) => (
          <button
            key={language}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${language}-tab`}
            aria-selected={active === language}
            aria-controls={`${id}-${language}-panel`}
            tabIndex={active === language ? 0 : -1}
            onClick={() => setActive(language)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-semibold transition-colors",
              active === language ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {SNIPPET_LABELS[language]}
          </button>
        ))}
      </div>
      {SNIPPET_LANGUAGES.map((language) => (
        <div key={language} role="tabpanel" id={`${id}-${language}-panel`} aria-labelledby={`${id}-${language}-tab`} hidden={active !== language} className="mt-4">
          <CodeBlock title={SNIPPET_LABELS[language]} code={snippets[language]} copyable />
        </div>
      ))}
    </div>
  );
}
