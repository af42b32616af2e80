import type { StoredAnomaly } from "../../../../../core/contracts/streams";

/** One value of the chart: its position among the field's values, and where it is drawn. */
export interface ChartPoint {
  sequence: number;
  value: number;
  x: number;
  y: number;
  anomaly: StoredAnomaly | undefined;
}

export interface ChartGeometry {
  points: ChartPoint[];
  /** The SVG path through the points (empty below two points). */
  path: string;
  /** Horizontal guide lines with their labels, top to bottom. */
  ticks: Array<{ y: number; label: string }>;
  first: number;
  last: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room left of the plot for the value labels, and around it. */
  left: number;
  padding: number;
}

const compact = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 4, notation: "compact" });
export const formatValue = (value: number) => compact.format(value);

/**
 * Lays out a field's recent values (oldest first, the last being value number `count`) across
 * the box, with the field's anomalies whose sequence falls among them marked. A flat series is
 * drawn mid-height; three guide lines mark the top, middle and bottom of the value range.
 */
export function layoutChart(recent: readonly number[], count: number, anomalies: readonly StoredAnomaly[], box: ChartBox): ChartGeometry {
  const first = count - recent.length + 1;
  const low = Math.min(...recent);
  const high = Math.max(...recent);
  const span = high - low;
  const plotWidth = box.width - box.left - box.padding;
  const plotHeight = box.height - 2 * box.padding;
  const bySequence = new Map(anomalies.map((anomaly) => [anomaly.sequence, anomaly]));
  const xOf = (index: number) => box.left + (recent.length > 1 ? (index / (recent.length - 1)) * plotWidth : plotWidth / 2);
  const yOf = (value: number) => box.padding + (span > 0 ? (1 - (value - low) / span) * plotHeight : plotHeight / 2);
  const points = recent.map((value, index) => ({ sequence: first + index, value, x: xOf(index), y: yOf(value), anomaly: bySequence.get(first + index) }));
  const path = points.length > 1 ? points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ") : "";
  const ticks = recent.length === 0 ? [] : span > 0 ? [high, low + span / 2, low].map((value) => ({ y: yOf(value), label: formatValue(value) })) : [{ y: yOf(low), label: formatValue(low) }];
  return { points, path, ticks, first, last: count };
}
