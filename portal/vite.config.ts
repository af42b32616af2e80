import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Paths served by the gateway; in development (and `vite preview`) they are forwarded to it. */
const GATEWAY_PATHS = ["/api", "/auth", "/v1", "/hooks", "/payments", "/reference", "/openapi.yaml", "/healthz", "/readyz"];
const GATEWAY_ORIGIN = "http://127.0.0.1:3000";

/**
 * Vite matches a plain proxy key as a bare prefix, so "/api" would also swallow the portal's
 * own /api-docs page. A key starting with "^" is a regular expression: match whole segments.
 */
function segmentPattern(path: string): string {
  return `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:[/?]|$)`;
}

export default defineConfig({
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
    proxy: Object.fromEntries(GATEWAY_PATHS.map((path) => [segmentPattern(path), { target: GATEWAY_ORIGIN }])),
  },
});
