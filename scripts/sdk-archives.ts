import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { SDK_DOWNLOADS } from "../portal/src/features/sdks/lib/sdk-downloads.js";
import { compileTypescriptSdk } from "./compile-typescript-sdk.js";

/**
 * The SDKs as the portal offers them for download (written into every portal build, linked from
 * /sdks): an npm package tarball of @sluice/sdk (compiled here), a Python source distribution
 * and the Go module's source. Archives are reproducible: fixed times, sorted entries.
 */

const ROOT = new URL("../", import.meta.url);
const rootPath = (path: string) => new URL(path, ROOT).pathname;


/** One ustar entry: a 512-byte header, then the data padded to 512 bytes. */
function tarEntry(name: string, data: Buffer): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`${name}: names over 100 bytes are not supported`);
  const header = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) => header.write(value, offset, length, "ascii");
  field(name, 0, 100);
  field("0000644\0", 100, 8);
  field("0000000\0", 108, 8);
  field("0000000\0", 116, 8);
  field(`${data.length.toString(8).padStart(11, "0")}\0`, 124, 12);
  field("00000000000\0", 136, 12);
  field("        ", 148, 8);
  field("0", 156, 1);
  field("ustar\0", 257, 6);
  field("00", 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  const padding = Buffer.alloc((512 - (data.length % 512)) % 512);
  return Buffer.concat([header, data, padding]);
}

export function tarGz(files: Record<string, Buffer | string>): Buffer {
  const entries = Object.keys(files)
    .sort()
    .map((name) => {
      const data = files[name] ?? "";
      return tarEntry(name, Buffer.isBuffer(data) ? data : Buffer.from(data));
    });
  return gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]), { level: 9 });
}

/** Files under `dir` (relative paths), recursively, skipping what `skip` names. */
function filesUnder(dir: string, skip: (path: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const name = relative(dir, path);
      if (skip(name)) continue;
      if (entry.isDirectory()) walk(path);
      else found.push(name);
    }
  };
  walk(dir);
  return found.sort();
}

function read(dir: string, names: string[]): Record<string, Buffer> {
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(dir, name))]));
}

const prefixed = (prefix: string, files: Record<string, Buffer | string>) => Object.fromEntries(Object.entries(files).map(([name, data]) => [`${prefix}/${name}`, data]));

/** Each download's path (under the portal's dist) and bytes. */
export function renderSdkArchives(): Record<string, Buffer> {
  const typescriptDir = rootPath("sdks/typescript/");
  const pythonDir = rootPath("sdks/python/");
  const goDir = rootPath("sdks/go/");
  const npmPackage = { ...read(typescriptDir, ["package.json", "README.md"]), ...compileTypescriptSdk() };
  // Sources only: never a build's leftovers, caches or the tests.
  const python = read(pythonDir, filesUnder(pythonDir, (name) => !/^(pyproject\.toml|README\.md|sluice(\/[\w.]+\.(py|typed))?|examples(\/\w+\.py)?)$/.test(name)));
  const go = read(goDir, filesUnder(goDir, (name) => !/^(go\.mod|README\.md|\w+\.go|examples(\/\w+(\/\w+\.go)?)?)$/.test(name) || name.endsWith("_test.go")));
  return {
    [SDK_DOWNLOADS.typescript]: tarGz(prefixed("package", npmPackage)),
    [SDK_DOWNLOADS.python]: tarGz(prefixed("sluice-sdk-python-1.0.0", python)),
    [SDK_DOWNLOADS.go]: tarGz(prefixed("sluice-go", go)),
  };
}
