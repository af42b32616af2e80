import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Paths served by the gateway; in development the Vite server forwards them to it. */
const GATEWAY_PATHS = ["/api", "/auth", "/v1", "/hooks", "/payments", "/reference", "/openapi.yaml", "/healthz", "/readyz"];
const GATEWAY_ORIGIN = "http://127.0.0.1:3000";

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
    proxy: Object.fromEntries(GATEWAY_PATHS.map((path) => [path, { target: GATEWAY_ORIGIN, changeOrigin: false }])),
  },
});
