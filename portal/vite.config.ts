import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { REFERENCE_BUNDLE_FILE, SERVER_PATHS, SERVER_PATH_PREFIXES } from "../core/server-paths.js";
import { renderPostmanCollection } from "../scripts/generate-postman.js";
import { renderSdkArchives } from "../scripts/sdk-archives.js";
import { POSTMAN_COLLECTION_FILE } from "./src/features/docs/lib/postman-collection.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Vite matches a plain proxy key as a bare prefix, so "/api" would also swallow the portal's
 * own /api-docs page. A key starting with "^" is a regular expression: match whole segments.
 */
function segmentPattern(path: string): string {
  return `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:[/?]|$)`;
}

/** The Postman collection of openapi.yaml: written into every build and served by the development server. */
function postmanCollection(baseUrl: string): Plugin {
  return {
    name: "sluice-postman-collection",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: POSTMAN_COLLECTION_FILE, source: renderPostmanCollection({ baseUrl }) });
    },
    configureServer(server) {
      server.middlewares.use(`/${POSTMAN_COLLECTION_FILE}`, (_request, response) => {
        response.setHeader("Content-Type", "application/json");
        response.end(renderPostmanCollection({ baseUrl }));
      });
    },
  };
}

/** The SDKs' archives, offered for download by /sdks: written into every build. */
function sdkArchives(): Plugin {
  return {
    name: "sluice-sdk-archives",
    apply: "build",
    generateBundle() {
      for (const [fileName, source] of Object.entries(renderSdkArchives())) this.emitFile({ type: "asset", fileName, source });
    },
  };
}

/** Scalar's browser bundle for the gateway's /reference page: copied into every build, so production installs no browser package. */
function apiReferenceBundle(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: "sluice-api-reference-bundle",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: REFERENCE_BUNDLE_FILE, source: readFileSync(require.resolve("@scalar/api-reference/browser/standalone.js")) });
    },
  };
}

export default defineConfig(({ mode }) => {
  // The gateway's own HOST and PORT settings (.env or environment) say where to forward.
  const env = loadEnv(mode, REPO_ROOT, "");
  const gatewayOrigin = `http://${env.HOST || "127.0.0.1"}:${env.PORT || "3000"}`;
  const proxiedPaths = [...SERVER_PATH_PREFIXES, ...SERVER_PATHS];

  return {
    root: fileURLToPath(new URL(".", import.meta.url)),
    plugins: [react(), tailwindcss(), postmanCollection(env.VITE_API_BASE_URL || env.PUBLIC_URL || "http://localhost:3000"), sdkArchives(), apiReferenceBundle()],
    build: {
      outDir: "dist",
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React and the router change rarely: one long-cached chunk, separate from app code.
            // zod likewise: every page parses the server's answers with it (core/contracts).
            groups: [
              { name: "react-vendor", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
              { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            ],
          },
        },
      },
    },
    server: {
      // Paths the gateway answers are forwarded to it by the development server and `vite preview`.
      proxy: Object.fromEntries(proxiedPaths.map((path) => [segmentPattern(path), { target: gatewayOrigin }])),
    },
  };
});
