import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { SERVER_PATHS, SERVER_PATH_PREFIXES } from "../core/server-paths";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Vite matches a plain proxy key as a bare prefix, so "/api" would also swallow the portal's
 * own /api-docs page. A key starting with "^" is a regular expression: match whole segments.
 */
function segmentPattern(path: string): string {
  return `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:[/?]|$)`;
}

export default defineConfig(({ mode }) => {
  // The gateway's own HOST and PORT settings (.env or environment) say where to forward.
  const env = loadEnv(mode, REPO_ROOT, "");
  const gatewayOrigin = `http://${env.HOST || "127.0.0.1"}:${env.PORT || "3000"}`;
  const proxiedPaths = [...SERVER_PATH_PREFIXES, ...SERVER_PATHS];

  return {
    root: fileURLToPath(new URL(".", import.meta.url)),
    plugins: [react(), tailwindcss()],
    build: {
      outDir: "dist",
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React and the router change rarely: one long-cached chunk, separate from app code.
            groups: [{ name: "react-vendor", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ }],
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
