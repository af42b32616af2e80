import { Radio } from "lucide-react";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { SelectField } from "../../../components/ui/choice-fields";
import { ButtonLink } from "../../../components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/section-states";
import { useRemote } from "../../../hooks/use-remote";
import { ModeSwitch } from "../../../components/ui/mode-switch";
import { failureDescription } from "../../../lib/api-client";
import { listStreams, type StreamMode } from "../api/streams-api";
import { StreamPanel } from "./stream-panel";

/** The dashboard's streams: pick one and follow it live (chart, statistics, anomalies). */
export function StreamsSection() {
  const [mode, setMode] = useState<StreamMode>("live");
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl leading-relaxed text-slate-600">
          Events sent to your streams, summarised as they arrive: each field&apos;s latest values and statistics, with anomalies flagged the moment they land.
        </p>
        <ModeSwitch mode={mode} onChange={setMode} label="Stream mode" />
      </div>
      {/* A fresh list per mode: nothing of the other mode is shown while the new one loads. */}
      <StreamPicker key={mode} mode={mode} />
    </div>
  );
}

function StreamPicker({ mode }: { mode: StreamMode }) {
  const load = useCallback((signal: AbortSignal) => listStreams(mode, signal), [mode]);
  const { state, reload } = useRemote(load, (error) => toast.error("Could not load your streams", { id: "streams-fetch", description: failureDescription(error) }));
  const [chosen, setChosen] = useState<string | null>(null);

  if (state.status === "loading") return <LoadingState label="Loading streams..." />;
  if (state.status === "error") return <ErrorState title="Your streams could not be loaded." onRetry={() => reload(true)} />;
  const names = state.data.map((stream) => stream.name);
  const name = chosen !== null && names.includes(chosen) ? chosen : names[0];
  if (!name) {
    return (
      <EmptyState
        icon={<Radio />}
        title={mode === "live" ? "No streams yet" : "No test streams yet"}
        actions={
          <ButtonLink to="/api-docs#streams" variant="secondary">
            Read the streams docs
          </ButtonLink>
        }
      >
        Send a batch of events to <code>POST /v1/streams/&#123;name&#125;/events</code> with a {mode} key; the stream appears here and updates live.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {names.length > 1 && (
        <SelectField name="stream" label="Stream" className="sm:w-80" options={names.map((n) => ({ value: n, label: n }))} value={name} onChange={(event) => setChosen(event.target.value)} />
      )}
      <StreamPanel key={name} mode={mode} name={name} />
    </div>
  );
}
