import { join, relative } from "node:path";
import ts from "typescript";

const SDK_DIR = new URL("../sdks/typescript/", import.meta.url).pathname;

/**
 * @sluice/sdk compiled with its own tsconfig.build.json: dist/*.js and dist/*.d.ts, by path
 * relative to sdks/typescript. Committed (`npm run sdks`) so that installing the folder needs no
 * build, and packed into the portal's tarball.
 */
export function compileTypescriptSdk(): Record<string, string> {
  const configFile = ts.readConfigFile(join(SDK_DIR, "tsconfig.build.json"), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, SDK_DIR);
  const output: Record<string, string> = {};
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const emitted = program.emit(undefined, (fileName, text) => {
    output[relative(SDK_DIR, fileName)] = text;
  });
  const problems = ts.getPreEmitDiagnostics(program).concat(emitted.diagnostics);
  if (problems.length) throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => SDK_DIR, getNewLine: () => "\n" }));
  return Object.fromEntries(Object.entries(output).sort(([a], [b]) => a.localeCompare(b)));
}
