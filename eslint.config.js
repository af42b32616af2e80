import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "portal/dist/", "core/db/types.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "error",
      eqeqeq: ["error", "always"],
    },
  },
  {
    // Frozen migrations are typed Kysely<any> on purpose: they must not depend on app types.
    files: ["migrations/2*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["portal/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // k6 scripts run in k6's JavaScript runtime, which provides __ENV.
    files: ["loadtest/k6/**/*.js"],
    languageOptions: { globals: { __ENV: "readonly" } },
  },
  {
    // The SDKs' examples are what users copy: printing is their point.
    files: ["sdks/*/examples/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["portal/e2e/**/*.ts", "portal/vite.config.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
);
