const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

const UNITS = [
  { unit: "TB", bytes: 1e12 },
  { unit: "GB", bytes: 1e9 },
  { unit: "MB", bytes: 1e6 },
  { unit: "KB", bytes: 1e3 },
] as const;

/**
 * A size in decimal units written as SPEC.md writes them, the unit right after the number:
 * "50MB", "10GB", "2.5TB", "1,000 bytes" below a kilobyte. The one way a size is written to a
 * person, by the portal and in the API's messages.
 */
export function formatSize(bytes: number): string {
  const magnitude = Math.abs(bytes);
  const fit = UNITS.find((candidate) => magnitude >= candidate.bytes);
  if (!fit) return `${grouped.format(bytes)} bytes`;
  return `${grouped.format(Number((bytes / fit.bytes).toFixed(2)))}${fit.unit}`;
}
