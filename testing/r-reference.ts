import { runCommand } from "./run-command.js";

/**
 * R as the reference for Sluice's statistics. Tests compute the expected values with R at test
 * time (Rscript from Debian's r-base-core, which .ci/run installs) on R's own data sets, so the
 * references are R's, not numbers copied once into a fixture.
 *
 * R code reports results with `emit(name, x)`: each numeric vector comes back under its name,
 * NA as null, with 17 significant digits (doubles round-trip exactly).
 */
const PRELUDE = `
emit <- function(name, x) {
  x <- as.numeric(x)
  cat("@@", name, "\\t", paste(ifelse(is.na(x), "NA", sprintf("%.17g", x)), collapse = ","), "\\n", sep = "")
}
`;

export type RVectors = Record<string, Array<number | null>>;

export async function runR(code: string): Promise<RVectors> {
  const { status, output } = await runCommand("Rscript", ["--vanilla", "-e", PRELUDE + code], { timeoutMs: 120_000 }).catch((error: Error) => {
    throw new Error(`${error.message}. Install R with: apt-get install r-base-core`);
  });
  if (status !== 0) throw new Error(`Rscript exited with ${String(status)}:\n${output}`);
  const vectors: RVectors = {};
  for (const line of output.split("\n")) {
    if (!line.startsWith("@@")) continue;
    const [name, values = ""] = line.slice(2).split("\t");
    if (!name) continue;
    vectors[name] = values === "" ? [] : values.split(",").map((value) => (value === "NA" ? null : Number(value)));
  }
  return vectors;
}

/** One vector of `runR`'s answer, refusing a missing name (a typo must not pass as "no values"). */
export function vector(vectors: RVectors, name: string): Array<number | null> {
  const values = vectors[name];
  if (!values) throw new Error(`R emitted no vector named ${name}; it emitted ${Object.keys(vectors).join(", ") || "nothing"}`);
  return values;
}

/** Like `vector`, for vectors without NA. */
export function numbers(vectors: RVectors, name: string): number[] {
  return vector(vectors, name).map((value, i) => {
    if (value === null) throw new Error(`R vector ${name} has NA at ${i}`);
    return value;
  });
}

export interface RTimeSeries {
  /** ISO dates of the periods: the first of the month for monthly series, 1 January for yearly. */
  dates: string[];
  values: number[];
  frequency: number;
}

/** R's data sets never change: each is read from R once per test file. */
const dataSets = new Map<string, Promise<unknown>>();
function once<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (!dataSets.has(key)) dataSets.set(key, read());
  return dataSets.get(key) as Promise<T>;
}

/** A monthly or yearly `ts` from R's datasets package (AirPassengers, nottem, co2…). */
export function rTimeSeries(name: string): Promise<RTimeSeries> {
  return once(`ts ${name}`, () => readTimeSeries(name));
}

async function readTimeSeries(name: string): Promise<RTimeSeries> {
  const vectors = await runR(`x <- ${name}; emit("values", x); emit("year", floor(time(x) + 1e-9)); emit("cycle", cycle(x)); emit("frequency", frequency(x))`);
  const [frequency = 1] = numbers(vectors, "frequency");
  if (frequency !== 12 && frequency !== 1) throw new Error(`${name} has frequency ${frequency}; only monthly and yearly series are supported`);
  const years = numbers(vectors, "year");
  const cycles = numbers(vectors, "cycle");
  const dates = years.map((year, i) => `${year}-${String(frequency === 12 ? (cycles[i] ?? 1) : 1).padStart(2, "0")}-01`);
  return { dates, values: numbers(vectors, "values"), frequency };
}

/** The numeric columns of a data frame from R's datasets package (mtcars, airquality, iris…), NA as null. */
export function rDataFrame(name: string): Promise<Record<string, Array<number | null>>> {
  return once(`frame ${name}`, () => runR(`d <- ${name}; for (column in names(d)) if (is.numeric(d[[column]])) emit(column, d[[column]])`));
}

/** Rows of `rDataFrame`'s columns, for inline analysis requests. */
export function rowsOf(columns: Record<string, Array<number | null>>): Array<Record<string, number | null>> {
  const names = Object.keys(columns);
  const length = columns[names[0] ?? ""]?.length ?? 0;
  return Array.from({ length }, (_, i) => Object.fromEntries(names.map((column) => [column, columns[column]?.[i] ?? null])));
}
