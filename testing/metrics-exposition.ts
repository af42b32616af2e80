import { spawnSync } from "node:child_process";

interface Family {
  help: boolean;
  type: string | undefined;
  samples: number;
}

const SUFFIXES: Record<string, string[]> = { histogram: ["_bucket", "_sum", "_count"], summary: ["_sum", "_count"] };

/**
 * What breaks Prometheus's naming conventions in a text exposition: a gauge (or anything not a
 * counter) named ..._total, a counter not named so, a sample without its family's HELP and TYPE.
 */
export function expositionProblems(text: string): string[] {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { help: false, type: undefined, samples: 0 }));
    return found;
  };
  const problems: string[] = [];
  for (const line of text.split("\n")) {
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name = "", rest = ""] = meta;
      if (kind === "HELP") family(name).help = rest.trim() !== "";
      else family(name).type = rest.trim();
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(\{.*\})? \S+/.exec(line);
    if (!sample) continue;
    const name = sample[1] ?? "";
    const owner = [...families.entries()].find(([base, { type }]) => base === name || (SUFFIXES[type ?? ""] ?? []).some((suffix) => `${base}${suffix}` === name));
    if (!owner) problems.push(`${name}: a sample without HELP and TYPE`);
    else owner[1].samples++;
  }
  for (const [name, { help, type }] of families) {
    if (!help) problems.push(`${name}: no HELP text`);
    if (!type) problems.push(`${name}: no TYPE`);
    if (type === "counter" && !name.endsWith("_total")) problems.push(`${name}: a counter not named ..._total`);
    if (type !== "counter" && name.endsWith("_total")) problems.push(`${name}: a ${type ?? "metric"} named ..._total`);
  }
  return problems;
}

/** What `promtool check metrics` says of the text ("" when clean), or undefined without promtool on PATH. */
export function promtoolComplaints(text: string): string | undefined {
  const run = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  if (run.error) return undefined;
  return `${run.stdout}${run.stderr}`.trim();
}

/** Families by name with their TYPE, from a text exposition. */
export function metricTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(match[1] ?? "", match[2] ?? "");
  return types;
}
