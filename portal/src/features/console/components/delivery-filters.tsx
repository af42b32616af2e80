import { SelectField } from "../../../components/ui/choice-fields";
import type { DeliveryFilters } from "../api/webhook-endpoints-api";
import { DELIVERY_STATUS_FILTER_OPTIONS, EVENT_TYPE_FILTER_OPTIONS, isDeliveryStatus, isEventType } from "../lib/webhook-display";

interface DeliveryFilterBarProps {
  filters: DeliveryFilters;
  onChange: (filters: DeliveryFilters) => void;
}

/** The delivery log's filters: a status and an event type (each "All" by default). */
export function DeliveryFilterBar({ filters, onChange }: DeliveryFilterBarProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        name="status"
        label="Status"
        options={DELIVERY_STATUS_FILTER_OPTIONS}
        value={filters.status ?? ""}
        onChange={(event) => onChange({ ...filters, status: isDeliveryStatus(event.target.value) ? event.target.value : undefined })}
      />
      <SelectField
        name="event_type"
        label="Event type"
        options={EVENT_TYPE_FILTER_OPTIONS}
        value={filters.eventType ?? ""}
        onChange={(event) => onChange({ ...filters, eventType: isEventType(event.target.value) ? event.target.value : undefined })}
      />
    </div>
  );
}
