/** Limits of one workflow definition; generous for real use, small enough to bound a run. */
export const WORKFLOW_LIMITS = {
  nameMaxLength: 200,
  descriptionMaxLength: 2_000,
  maxActions: 50,
  /** Longest single delay step: 7 days. */
  maxDelaySeconds: 7 * 24 * 3_600,
  /** Per-step timeout bounds (seconds); the default applies when a step sets none. */
  maxStepTimeoutSeconds: 120,
  defaultStepTimeoutSeconds: 30,
  /** Attempts of a step before the execution fails (1 = no retry). */
  maxStepAttempts: 10,
  defaultStepAttempts: 3,
} as const;
