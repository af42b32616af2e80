import { describe, expect, it } from "vitest";
import { MAX_PREPARED_STATEMENTS, RUNS_BEFORE_PREPARED, StatementNames } from "./prepared-statements.js";

const SELECT = 'select "id" from "users" where "id" = $1';

function runTimes(names: StatementNames, text: string, times: number, parameterCount = 1): Array<string | undefined> {
  return Array.from({ length: times }, () => names.nameFor(text, parameterCount));
}

describe("StatementNames", () => {
  it("names a statement on its tenth run and keeps the name", () => {
    const names = new StatementNames();
    const runs = runTimes(names, SELECT, RUNS_BEFORE_PREPARED + 2);
    expect(runs.slice(0, RUNS_BEFORE_PREPARED - 1).every((name) => name === undefined)).toBe(true);
    expect(runs.slice(RUNS_BEFORE_PREPARED - 1)).toEqual(["sluice_1", "sluice_1", "sluice_1"]);
  });

  it("gives each text its own name", () => {
    const names = new StatementNames();
    runTimes(names, SELECT, RUNS_BEFORE_PREPARED);
    expect(runTimes(names, 'select "email" from "users" where "id" = $1', RUNS_BEFORE_PREPARED).at(-1)).toBe("sluice_2");
    expect(names.nameFor(SELECT, 1)).toBe("sluice_1");
  });

  it("never names a statement without parameters (BEGIN, COMMIT, migrations)", () => {
    const names = new StatementNames();
    expect(runTimes(names, "begin", RUNS_BEFORE_PREPARED * 3, 0).every((name) => name === undefined)).toBe(true);
  });

  it(`stops naming at ${MAX_PREPARED_STATEMENTS} texts`, () => {
    const names = new StatementNames();
    for (let index = 0; index < MAX_PREPARED_STATEMENTS; index += 1) runTimes(names, `select ${index} where $1::int > 0`, RUNS_BEFORE_PREPARED);
    expect(names.preparedCount).toBe(MAX_PREPARED_STATEMENTS);
    expect(runTimes(names, SELECT, RUNS_BEFORE_PREPARED * 2).every((name) => name === undefined)).toBe(true);
  });

  it("runs a refused text unnamed for good", () => {
    const names = new StatementNames();
    runTimes(names, SELECT, RUNS_BEFORE_PREPARED);
    names.refuse(SELECT);
    expect(runTimes(names, SELECT, RUNS_BEFORE_PREPARED * 2).every((name) => name === undefined)).toBe(true);
  });
});
