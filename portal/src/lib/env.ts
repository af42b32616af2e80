import { z } from "zod";

/**
 * The portal's build settings. This is the only module that reads `import.meta.env`;
 * everything else imports `env` from here. Nothing else about a deployment belongs in the build:
 * it comes from the gateway at run time (lib/portal-config.tsx, DESIGN.md section 1).
 */
const EnvSchema = z.object({
  /** Origin of the gateway, e.g. "https://api.sluice.dev". Empty: same origin as the portal. */
  VITE_API_BASE_URL: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ })])
    .default("")
    .transform((url) => url.replace(/\/+$/, "")),
  MODE: z.string().default("production"),
  DEV: z.boolean().default(false),
});

function parseEnv(raw: unknown) {
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid portal configuration:\n${problems.join("\n")}`);
  }
  const { VITE_API_BASE_URL, MODE, DEV } = result.data;
  return { apiBaseUrl: VITE_API_BASE_URL, mode: MODE, isDev: DEV } as const;
}

export type Env = ReturnType<typeof parseEnv>;

export const env: Env = parseEnv(import.meta.env);
