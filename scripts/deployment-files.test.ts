import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { SERVER_ENTRY_POINTS, compiledPath } from "./build.js";

/**
 * docker-compose.yml and the Dockerfile, read as an operator's machine would run them: the
 * processes run compiled JavaScript with plain node, the image holds only what production runs,
 * and every service that touches datasets shares one volume at DATA_DIR.
 */

const ServiceSchema = z.object({
  command: z.array(z.string()).optional(),
  entrypoint: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  volumes: z.array(z.string()).optional(),
});
const ComposeSchema = z.object({ services: z.record(z.string(), ServiceSchema), volumes: z.record(z.string(), z.unknown().nullable()) });

const compose = ComposeSchema.parse(parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }));
const services = Object.entries(compose.services);

interface DockerStage {
  name: string | undefined;
  instructions: Array<{ keyword: string; args: string }>;
}

/** The Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function dockerStages(text: string): DockerStage[] {
  const lines = text.replace(/\\\n/g, " ").split("\n").map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (keyword.toUpperCase() === "FROM") stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1], instructions: [] });
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

const stages = dockerStages(readFileSync("Dockerfile", "utf8"));
const image = stages.at(-1)!;
const argsOf = (stage: DockerStage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** Anything that compiles TypeScript while the process runs. */
const TYPESCRIPT_LOADER = /\btsx\b|ts-node|--experimental-(strip|transform)-types|\.ts\b/;

const DATASET_PROCESSES = ["dist/gateway/main.js", "dist/engine/main.js"];

describe("docker-compose.yml", () => {
  it("runs no TypeScript loader in any service", () => {
    for (const [name, service] of services) {
      const commandLine = [...(service.entrypoint ?? []), ...(service.command ?? [])].join(" ");
      expect(commandLine, name).not.toMatch(TYPESCRIPT_LOADER);
    }
  });

  it("starts only scripts the build compiles", () => {
    const built = SERVER_ENTRY_POINTS.map(compiledPath);
    for (const [name, service] of services) {
      for (const script of (service.command ?? []).filter((arg) => arg.startsWith("dist/"))) expect(built, `${name} runs ${script}`).toContain(script);
    }
  });

  it("mounts one named volume at DATA_DIR in the gateway, the engine and every other service that reads datasets", () => {
    const datasetServices = services.filter(([, service]) => DATASET_PROCESSES.some((script) => service.command?.includes(script)));
    expect(datasetServices.map(([name]) => name).sort()).toEqual(["engine", "gateway"]);
    const mounts = datasetServices.map(([name, service]) => {
      const dataDir = service.environment?.DATA_DIR;
      expect(dataDir, `${name} sets DATA_DIR`).toMatch(/^\//);
      const mount = (service.volumes ?? []).map((volume) => volume.split(":")).find(([, target]) => target === dataDir);
      expect(mount, `${name} mounts a volume at DATA_DIR (${dataDir})`).toBeDefined();
      return mount![0];
    });
    const [volume] = mounts;
    expect(new Set(mounts).size, "the same volume in each").toBe(1);
    expect(Object.keys(compose.volumes), "a named volume, not a host path").toContain(volume);
  });
});

describe("Dockerfile", () => {
  it("runs the compiled gateway with plain node, and no TypeScript loader anywhere in the image", () => {
    expect(argsOf(image, "CMD")).toEqual(['["node", "--enable-source-maps", "dist/gateway/main.js"]']);
    for (const instruction of image.instructions.filter((i) => ["CMD", "ENTRYPOINT", "RUN"].includes(i.keyword))) {
      expect(instruction.args).not.toMatch(TYPESCRIPT_LOADER);
    }
  });

  it("copies into the image only the compiled server, the built portal, package.json and production dependencies", () => {
    const copies = argsOf(image, "COPY");
    expect(copies).not.toContainEqual(expect.stringMatching(/^\.\s/));
    const fromStages = copies.map((args) => /--from=(\S+)\s+(\S+)/.exec(args)).filter((match) => match !== null).map((match) => `${match[1]} ${match[2]}`);
    expect(fromStages.sort()).toEqual(["build /app/dist", "build /app/portal/dist", "production-dependencies /app/node_modules"]);
    expect(copies.filter((args) => !args.startsWith("--from="))).toEqual(["package.json ./"]);

    const dependencies = stages.find((stage) => stage.name === "production-dependencies");
    expect(argsOf(dependencies!, "RUN").join(" ")).toMatch(/npm ci --omit=dev/);
    expect(argsOf(stages.find((stage) => stage.name === "build")!, "RUN")).toContain("npm run build");
  });

  it("gives the image the DATA_DIR that docker-compose.yml mounts its volume at", () => {
    const imageDataDir = argsOf(image, "ENV").map((args) => /^DATA_DIR=(\S+)/.exec(args)?.[1]).find(Boolean);
    expect(imageDataDir).toBe(compose.services.engine?.environment?.DATA_DIR);
  });
});

describe("package.json", () => {
  it("keeps tsx and the browser-only packages out of production dependencies", () => {
    const { dependencies } = z.object({ dependencies: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync("package.json", "utf8")));
    for (const name of ["tsx", "react", "react-dom", "react-router-dom", "lucide-react", "sonner", "@scalar/api-reference"]) expect(dependencies, name).not.toHaveProperty(name);
  });
});
