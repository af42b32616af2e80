import { open } from "node:fs/promises";

/**
 * The shape of a Parquet file's schema, read from its footer without DuckDB: the file ends with
 * its metadata (Thrift compact protocol), its length (4 bytes, little-endian) and "PAR1". Only
 * the schema is decoded (a flat list of elements in pre-order, each group giving its number of
 * children); everything else is skipped. A footer that does not decode is refused: DuckDB would
 * have to trust it.
 */
export interface ParquetShape {
  /** Levels below the root: 1 for flat columns, 2 for a struct's fields, 3 for a list's elements. */
  depth: number;
  /** Leaf columns. */
  columns: number;
}

/** A file whose footer is not a readable Parquet footer; the message is safe to show the client. */
export class ParquetFooterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ParquetFooterError";
  }
}

const MAGIC = "PAR1";
/** The schema is at the start of the metadata; this much of it is read at most. */
const MAX_METADATA_READ = 16 * 1024 * 1024;
/** Thrift structs inside one another in a footer (DuckDB's own reach a handful of levels). */
const MAX_THRIFT_NESTING = 32;

export async function readParquetShape(path: string): Promise<ParquetShape> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    if (size < 12) throw new ParquetFooterError("the file is too small to be a Parquet file");
    const head = Buffer.alloc(4);
    const tail = Buffer.alloc(8);
    await handle.read(head, 0, 4, 0);
    await handle.read(tail, 0, 8, size - 8);
    if (head.toString("latin1") !== MAGIC || tail.toString("latin1", 4) !== MAGIC) throw new ParquetFooterError("the file does not start and end with PAR1 (it is not a Parquet file, or it is encrypted)");
    const metadataLength = tail.readUInt32LE(0);
    if (metadataLength === 0 || metadataLength > size - 12) throw new ParquetFooterError("its footer length points outside the file (the file looks truncated)");
    const metadata = Buffer.alloc(Math.min(metadataLength, MAX_METADATA_READ));
    await handle.read(metadata, 0, metadata.length, size - 8 - metadataLength);
    return shapeOf(readSchemaChildren(metadata));
  } finally {
    await handle.close();
  }
}

interface Cursor {
  bytes: Uint8Array;
  at: number;
}

const unreadable = () => new ParquetFooterError("its footer metadata cannot be decoded");

function readByte(cursor: Cursor): number {
  const byte = cursor.bytes[cursor.at];
  if (byte === undefined) throw unreadable();
  cursor.at += 1;
  return byte;
}

function readVarint(cursor: Cursor): number {
  let value = 0;
  for (let shift = 0; shift < 70; shift += 7) {
    const byte = readByte(cursor);
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return value;
  }
  throw unreadable();
}

const readZigzag = (cursor: Cursor) => {
  const value = readVarint(cursor);
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
};

function skipBytes(cursor: Cursor, count: number): void {
  if (cursor.at + count > cursor.bytes.length) throw unreadable();
  cursor.at += count;
}

// Thrift compact protocol types.
const BOOLEAN_TRUE = 1;
const BOOLEAN_FALSE = 2;
const BYTE = 3;
const DOUBLE = 7;
const BINARY = 8;
const LIST = 9;
const SET = 10;
const MAP = 11;
const STRUCT = 12;

/** Reads a field header: undefined at the struct's end. */
function readFieldHeader(cursor: Cursor, lastId: number): { id: number; type: number } | undefined {
  const header = readByte(cursor);
  if (header === 0) return undefined;
  const delta = header >> 4;
  return { id: delta === 0 ? readZigzag(cursor) : lastId + delta, type: header & 0x0f };
}

function readListHeader(cursor: Cursor): { size: number; type: number } {
  const header = readByte(cursor);
  const short = header >> 4;
  return { size: short === 15 ? readVarint(cursor) : short, type: header & 0x0f };
}

function skipValue(cursor: Cursor, type: number, nesting: number, inCollection = false): void {
  if (nesting > MAX_THRIFT_NESTING) throw unreadable();
  switch (type) {
    case BOOLEAN_TRUE:
    case BOOLEAN_FALSE:
      // A field's boolean is its type; a collection's takes a byte.
      if (inCollection) skipBytes(cursor, 1);
      return;
    case BYTE:
      return skipBytes(cursor, 1);
    case DOUBLE:
      return skipBytes(cursor, 8);
    case BINARY:
      return skipBytes(cursor, readVarint(cursor));
    case LIST:
    case SET: {
      const { size, type: element } = readListHeader(cursor);
      for (let i = 0; i < size; i++) skipValue(cursor, element, nesting + 1, true);
      return;
    }
    case MAP: {
      const size = readVarint(cursor);
      if (size === 0) return;
      const types = readByte(cursor);
      for (let i = 0; i < size; i++) {
        skipValue(cursor, types >> 4, nesting + 1, true);
        skipValue(cursor, types & 0x0f, nesting + 1, true);
      }
      return;
    }
    case STRUCT:
      return skipStruct(cursor, nesting + 1);
    default:
      // i16, i32 and i64 are varints; anything else is not Thrift.
      if (type >= 4 && type <= 6) readVarint(cursor);
      else throw unreadable();
  }
}

function skipStruct(cursor: Cursor, nesting: number): void {
  let lastId = 0;
  for (let field = readFieldHeader(cursor, lastId); field; field = readFieldHeader(cursor, lastId)) {
    skipValue(cursor, field.type, nesting);
    lastId = field.id;
  }
}

/** FileMetaData field 2 (list<SchemaElement>): each element's num_children (field 5), 0 for a leaf. */
function readSchemaChildren(metadata: Uint8Array): number[] {
  const cursor: Cursor = { bytes: metadata, at: 0 };
  let lastId = 0;
  for (let field = readFieldHeader(cursor, lastId); field; field = readFieldHeader(cursor, lastId)) {
    lastId = field.id;
    if (field.id !== 2 || field.type !== LIST) {
      skipValue(cursor, field.type, 0);
      continue;
    }
    const { size, type } = readListHeader(cursor);
    if (type !== STRUCT || size === 0) throw unreadable();
    const children: number[] = [];
    for (let i = 0; i < size; i++) {
      let count = 0;
      let elementLastId = 0;
      for (let inner = readFieldHeader(cursor, elementLastId); inner; inner = readFieldHeader(cursor, elementLastId)) {
        if (inner.id === 5 && inner.type === 5) count = readZigzag(cursor);
        else skipValue(cursor, inner.type, 1);
        elementLastId = inner.id;
      }
      children.push(Math.max(0, count));
    }
    return children;
  }
  throw new ParquetFooterError("its footer has no schema");
}

/** The depth and leaf count of a schema given in pre-order by children counts (element 0 is the root). */
export function shapeOf(children: number[]): ParquetShape {
  const open: number[] = [];
  let depth = 0;
  let columns = 0;
  children.forEach((count, index) => {
    if (index > 0) {
      while (open.length > 0 && open[open.length - 1] === 0) open.pop();
      if (open.length === 0) throw new ParquetFooterError("its schema lists more columns than its groups hold");
      open[open.length - 1] = (open[open.length - 1] ?? 0) - 1;
    }
    depth = Math.max(depth, open.length);
    if (count > 0) open.push(count);
    else if (index > 0) columns += 1;
  });
  return { depth, columns };
}
