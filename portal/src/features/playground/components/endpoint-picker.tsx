import { useId } from "react";
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from "../lib/endpoints";
import { MethodBadge } from "./method-badge";

interface EndpointPickerProps {
  value: EndpointId;
  onChange: (endpoint: EndpointId) => void;
}

/** The five workflow endpoints as native radio buttons (arrow keys move between them). */
export function EndpointPicker({ value, onChange }: EndpointPickerProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Endpoint</legend>
      <div className="mt-1.5 space-y-2">
        {ENDPOINT_IDS.map((endpointId) => {
          const endpoint = ENDPOINTS[endpointId];
          const optionId = `${id}-${endpointId}`;
          return (
            <label
              key={endpointId}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="endpoint"
                value={endpointId}
                checked={value === endpointId}
                onChange={() => onChange(endpointId)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-path`}
                className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <MethodBadge method={endpoint.method} />
              <span className="min-w-0">
                <span id={`${optionId}-label`} className="block text-sm font-semibold text-slate-900">
                  {endpoint.label}
                </span>
                <span id={`${optionId}-path`} className="block font-mono text-xs break-all text-slate-600">
                  <span className="sr-only">{endpoint.method} </span>
                  {endpoint.path}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
