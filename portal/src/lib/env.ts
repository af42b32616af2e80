import { z } from "zod";

/**
 * The portal's configuration. This is the only module that reads `import.meta.env`;
 * everything else imports `env` from here.
 */
const EnvSchema = z.object({
  /** Origin of the gateway, e.g. "https://api.sluice.dev". Empty: same origin as the portal. */
  VITE_API_BASE_URL: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ })])
    .default("")
    .transform((url) => url.replace(/\/+$/, "")),
  /**
   * Origins whose pages /payment-process may embed, comma-separated, e.g. "https://pay.pesapal.com".
   * Empty: only the payment sandbox served by the gateway itself (development and tests).
   */
  VITE_PAYMENT_PAGE_ORIGINS: z
    .string()
    .default("")
    .transform((list) => list.split(",").map((origin) => origin.trim().replace(/\/+$/, "")).filter((origin) => origin !== ""))
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  MODE: z.string().default("production"),
  DEV: z.boolean().default(false),
});

function parseEnv(raw: unknown) {
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid portal configuration:\n${problems.join("\n")}`);
  }
  const { VITE_API_BASE_URL, VITE_PAYMENT_PAGE_ORIGINS, MODE, DEV } = result.data;
  return { apiBaseUrl: VITE_API_BASE_URL, paymentPageOrigins: VITE_PAYMENT_PAGE_ORIGINS, mode: MODE, isDev: DEV } as const;
}

export type Env = ReturnType<typeof parseEnv>;

export const env: Env = parseEnv(import.meta.env);
