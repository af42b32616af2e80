import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ParquetFooterError, readParquetShape, shapeOf } from "./parquet-footer.js";

describe("readParquetShape", () => {
  let dir: string;
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  const write = async (name: string, select: string, options = "format parquet") => {
    const path = join(dir, name);
    await connection.run(`copy (${select}) to '${path}' (${options})`);
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-parquet-"));
    instance = await DuckDBInstance.create(":memory:", { threads: "1" });
    connection = await instance.connect();
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the depth and leaf columns of files DuckDB writes", async () => {
    expect(await readParquetShape(await write("flat.parquet", "select range as n, 'x' || range as s, range * 0.5 as d, date '2024-01-01' as day from range(10)"))).toEqual({ depth: 1, columns: 4 });
    expect(await readParquetShape(await write("struct.parquet", "select {'a': 1, 'b': {'c': 'x'}} as s, 2 as n"))).toEqual({ depth: 3, columns: 3 });
    expect(await readParquetShape(await write("list.parquet", "select [1, 2] as l"))).toEqual({ depth: 3, columns: 1 });
    expect(await readParquetShape(await write("map.parquet", "select map {'k': [{'x': 1}]} as m"))).toEqual({ depth: 6, columns: 2 });
    const wide = Array.from({ length: 500 }, (_, i) => `${i} as c${i}`).join(", ");
    expect(await readParquetShape(await write("wide.parquet", `select ${wide}`, "format parquet, compression zstd"))).toEqual({ depth: 1, columns: 500 });
    // Many row groups: the schema comes first, the rest of the footer is skipped.
    expect(await readParquetShape(await write("groups.parquet", "select range as n from range(100000)", "format parquet, row_group_size 1000"))).toEqual({ depth: 1, columns: 1 });
  });

  it("reads a schema nested deeper than the upload limit", async () => {
    const nested = `${"{'b': ".repeat(100)}1${"}".repeat(100)}`;
    expect(await readParquetShape(await write("deep.parquet", `select ${nested} as a`))).toEqual({ depth: 101, columns: 1 });
  });

  it("refuses files that are not Parquet, truncated or with metadata that does not decode", async () => {
    const file = (name: string, bytes: Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };
    const magic = Buffer.from("PAR1");
    const length = (n: number) => Buffer.from(Uint32Array.of(n).buffer);
    await expect(readParquetShape(file("tiny.parquet", Buffer.from("PAR1PAR1")))).rejects.toThrow(/too small/);
    await expect(readParquetShape(file("csv.parquet", Buffer.from("a,b\n1,2\n3,4\n5,6\n")))).rejects.toThrow(/PAR1/);
    await expect(readParquetShape(file("long.parquet", Buffer.concat([magic, Buffer.alloc(100), length(0x7fffffff), magic])))).rejects.toThrow(/truncated/);
    await expect(readParquetShape(file("junk.parquet", Buffer.concat([magic, Buffer.alloc(1_000, 0xff), length(1_000), magic])))).rejects.toBeInstanceOf(ParquetFooterError);
    // Thrift structs inside one another until the bytes run out.
    await expect(readParquetShape(file("nest.parquet", Buffer.concat([magic, Buffer.alloc(10_000, 0x1c), length(10_000), magic])))).rejects.toBeInstanceOf(ParquetFooterError);
    const valid = await write("cut.parquet", "select range as n from range(10)");
    const bytes = readFileSync(valid);
    await expect(readParquetShape(file("cut-tail.parquet", Buffer.concat([bytes.subarray(0, 4), bytes.subarray(bytes.length - 40)])))).rejects.toBeInstanceOf(ParquetFooterError);
  });
});

describe("shapeOf", () => {
  it("walks a pre-order schema given by children counts", () => {
    // root { a, b { c, d { e } }, f }
    expect(shapeOf([3, 0, 2, 0, 1, 0, 0])).toEqual({ depth: 3, columns: 4 });
    expect(() => shapeOf([1, 0, 0])).toThrow(ParquetFooterError);
  });
});
