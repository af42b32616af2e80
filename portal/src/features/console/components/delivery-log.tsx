import { RefreshCw, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { WebhookDelivery } from "../../../../../core/contracts/webhook-endpoints";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listDeliveries, replayDelivery, type DeliveryFilters } from "../api/webhook-endpoints-api";
import { usePolling } from "../hooks/use-polling";
import { formatAbsoluteTime, formatDuration } from "../lib/console-format";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES, formatResponseCode, isDeliveryOpen } from "../lib/webhook-display";
import { ErrorState, LoadingState } from "../../../components/ui/section-states";
import { DeliveryFilterBar } from "./delivery-filters";
import { StatusBadge } from "./status-badge";
import { TimeText } from "./time-text";

interface DeliveryLogProps {
  endpointId: string;
  now: number;
  /** Changes after a test event: the log is read again. */
  refreshKey: number;
}

/**
 * An endpoint's recent deliveries that pass the filters (status, event type), newest first, read
 * again every few seconds while one is still on its way.
 */
export function DeliveryLog({ endpointId, now, refreshKey }: DeliveryLogProps) {
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const filtered = Boolean(filters.status ?? filters.eventType);
  const load = useCallback((signal: AbortSignal) => listDeliveries(endpointId, filters, signal), [endpointId, filters]);
  const { state, reload, update } = useRemote(load, (error) =>
    toast.error(CONSOLE_MESSAGES.deliveriesFetchFailed, { id: `deliveries-${endpointId}`, description: failureDescription(error) }),
  );
  const refresh = useCallback(() => reload(), [reload]);
  const seenRefreshKey = useRef(refreshKey);
  useEffect(() => {
    if (seenRefreshKey.current === refreshKey) return;
    seenRefreshKey.current = refreshKey;
    reload();
  }, [refreshKey, reload]);
  usePolling(state.status === "ready" && state.data.some((delivery) => isDeliveryOpen(delivery.status)), refresh);

  const replace = useCallback(
    (changed: WebhookDelivery) => update((deliveries) => deliveries.map((delivery) => (delivery.id === changed.id ? changed : delivery))),
    [update],
  );

  return (
    <div className="space-y-3">
      <DeliveryFilterBar filters={filters} onChange={setFilters} />
      {state.status === "loading" && <LoadingState label="Loading deliveries..." rows={1} />}
      {state.status === "error" && <ErrorState title="The delivery log could not be loaded." onRetry={() => reload(true)} />}
      {state.status === "ready" && (
        <div>
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-slate-900" aria-live="polite">
              {deliveriesHeading(state.data.length, filtered)}
            </h3>
            <Button size="sm" variant="ghost" onClick={refresh} aria-label="Refresh deliveries">
              <RefreshCw aria-hidden className="size-4" />
              Refresh
            </Button>
          </div>
          {state.data.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {filtered ? "No delivery matches these filters." : "Events sent to this endpoint appear here with every attempt. Send a test event to try it."}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {state.data.map((delivery) => (
                <li key={delivery.id}>
                  <DeliveryItem endpointId={endpointId} delivery={delivery} now={now} onReplayed={replace} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function deliveriesHeading(count: number, filtered: boolean): string {
  if (count === 0) return filtered ? "No matching deliveries" : "No deliveries yet";
  const noun = count === 1 ? "delivery" : `${count} deliveries`;
  return filtered ? `Latest matching ${noun}` : `Latest ${noun}`;
}

interface DeliveryItemProps {
  endpointId: string;
  delivery: WebhookDelivery;
  now: number;
  onReplayed: (delivery: WebhookDelivery) => void;
}

function DeliveryItem({ endpointId, delivery, now, onReplayed }: DeliveryItemProps) {
  const [replaying, setReplaying] = useState(false);

  async function replay() {
    setReplaying(true);
    try {
      onReplayed(await replayDelivery(endpointId, delivery.id));
      toast.success(CONSOLE_MESSAGES.replayed, { description: `${delivery.event_type} (${delivery.event_id}) will be sent again.` });
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.replayFailed, { description: failureDescription(error) });
    }
    setReplaying(false);
  }

  return (
    <div className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <code className="font-mono text-xs font-semibold text-slate-900">{delivery.event_type}</code>
          <StatusBadge tone={DELIVERY_STATUS_TONES[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</StatusBadge>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          <div className="flex gap-1">
            <dt>Response:</dt>
            <dd className="font-mono tabular-nums">{formatResponseCode(delivery.response_status)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Attempts:</dt>
            <dd className="tabular-nums">{delivery.attempt_count}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Took:</dt>
            <dd>{formatDuration(delivery.duration_ms)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Created:</dt>
            <dd>
              <TimeText iso={delivery.created_at} now={now} />
            </dd>
          </div>
        </dl>
        {delivery.error && <p className="break-words text-red-800">{delivery.error}</p>}
        {delivery.next_attempt_at && isDeliveryOpen(delivery.status) && delivery.attempt_count > 0 && (
          <p className="text-slate-600">
            Next attempt <time dateTime={delivery.next_attempt_at}>{formatAbsoluteTime(delivery.next_attempt_at)}</time>
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0 self-start"
        onClick={() => void replay()}
        disabled={replaying}
        aria-busy={replaying}
        aria-label={`Replay ${delivery.event_type} delivery ${delivery.id}`}
      >
        <RotateCcw aria-hidden className="size-4" />
        {replaying ? "Replaying..." : "Replay"}
      </Button>
    </div>
  );
}
