/**
 * The plan catalogue and the one pricing function. Every price shown anywhere (pricing page,
 * dashboard, checkout, admin) is computed by `quotePrice` over a catalogue row.
 * Money is integer US cents.
 */
export const BILLING_PERIODS = ["monthly", "yearly", "threeYears"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PERIOD_TERMS: Record<BillingPeriod, { months: number; discountPercent: number; label: string }> = {
  monthly: { months: 1, discountPercent: 0, label: "Monthly" },
  yearly: { months: 12, discountPercent: 20, label: "Yearly" },
  threeYears: { months: 36, discountPercent: 40, label: "Every 3 years" },
};

export const UNLIMITED = -1;
const GB = 1_000_000_000;
const TB = 1_000 * GB;
const MB = 1_000_000;

export interface PlanDefinition {
  package_name: string;
  display_name: string;
  /** Requests per calendar month; -1 is unlimited. */
  request_limit: number;
  rate_limit_per_minute: number;
  /** Bytes processed per calendar month; -1 is unlimited. */
  data_limit_bytes: number;
  monthly_price_cents: number;
  /** Sold through sales, not checkout; monthly_price_cents is the list price. */
  contact_sales: boolean;
  /** Workflow executions of one account running at once (more wait their turn). */
  max_concurrent_executions: number;
  /** Largest dataset upload accepted, in bytes. */
  max_upload_bytes: number;
  /** Shortest time between two fires of a workflow's schedule, in seconds (decision 0034). */
  min_schedule_interval_seconds: number;
}

export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  plan("free", "Free", 1_000, 60, 10 * GB, 0, 2, 50 * MB, 900),
  plan("starter", "Starter", 5_000, 120, 25 * GB, 29_00, 5, 250 * MB, 300),
  plan("professional_100000", "Professional 100K", 100_000, 600, 100 * GB, 190_00, 20, GB, 60),
  plan("professional_250000", "Professional 250K", 250_000, 600, 250 * GB, 390_00, 20, GB, 60),
  plan("professional_500000", "Professional 500K", 500_000, 1_200, 500 * GB, 690_00, 20, GB, 60),
  plan("professional_1000000", "Professional 1M", 1_000_000, 1_200, TB, 1_200_00, 20, GB, 60),
  plan("professional_2500000", "Professional 2.5M", 2_500_000, 3_000, 2.5 * TB, 2_500_00, 20, GB, 60),
  { ...plan("enterprise", "Enterprise", UNLIMITED, 6_000, UNLIMITED, 5_000_00, 100, 5 * GB, 60), contact_sales: true },
];

export const FREE_PLAN_NAME = "free";

/** A schedule interval in words: "15 minutes", "1 minute", "90 seconds". */
export function describeInterval(seconds: number): string {
  const [count, unit] = seconds % 3_600 === 0 ? [seconds / 3_600, "hour"] : seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Test-mode keys: their own counters, fixed limits, never the paid quota. */
export const TEST_MODE_LIMITS = { perMinute: 60, perMonth: 10_000, dataBytesPerMonth: 1_000_000_000 } as const;

function plan(
  package_name: string,
  display_name: string,
  request_limit: number,
  rate_limit_per_minute: number,
  data_limit_bytes: number,
  monthly_price_cents: number,
  max_concurrent_executions: number,
  max_upload_bytes: number,
  min_schedule_interval_seconds: number,
): PlanDefinition {
  return {
    package_name,
    display_name,
    request_limit,
    rate_limit_per_minute,
    data_limit_bytes,
    monthly_price_cents,
    contact_sales: false,
    max_concurrent_executions,
    max_upload_bytes,
    min_schedule_interval_seconds,
  };
}

export interface PriceQuote {
  period: BillingPeriod;
  months: number;
  discountPercent: number;
  /** Undiscounted price of the whole period. */
  listCents: number;
  /** What the period costs after the period discount. */
  subtotalCents: number;
  /** Effective price per month over the period (rounded to the cent). */
  perMonthCents: number;
  /** Proration credit applied to this order; 0 unless a credit applies. */
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

export function quotePrice(
  monthlyPriceCents: number,
  period: BillingPeriod,
  options: { creditCents?: number } = {},
): PriceQuote {
  if (!Number.isSafeInteger(monthlyPriceCents) || monthlyPriceCents < 0) {
    throw new RangeError("monthly price must be a non-negative integer number of cents");
  }
  const { months, discountPercent } = PERIOD_TERMS[period];
  const listCents = monthlyPriceCents * months;
  const subtotalCents = Math.round((listCents * (100 - discountPercent)) / 100);
  const credit = Math.max(0, Math.round(options.creditCents ?? 0));
  const discountCents = Math.min(credit, subtotalCents);
  const taxCents = 0;
  return {
    period,
    months,
    discountPercent,
    listCents,
    subtotalCents,
    perMonthCents: Math.round(subtotalCents / months),
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
  };
}

/** "$1,234.50"; whole-dollar display drops the cents ("$1,235"). */
export function formatUsd(cents: number, options: { wholeDollars?: boolean } = {}): string {
  const dollars = options.wholeDollars ? Math.round(cents / 100) : cents / 100;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: options.wholeDollars ? 0 : 2,
    maximumFractionDigits: options.wholeDollars ? 0 : 2,
  }).format(dollars);
}

/**
 * The portal's checkout parameters for a plan (SPEC: plan, tier, period and amount in dollars
 * per month; a Professional volume is plan "professional" with its tier). Used by the pricing
 * page, the dashboard's plan picker and the renewal e-mails' links.
 */
export function checkoutParams(plan: Pick<PlanDefinition, "package_name" | "request_limit" | "monthly_price_cents">, period: BillingPeriod): URLSearchParams {
  return new URLSearchParams({
    plan: plan.package_name.startsWith("professional_") ? "professional" : plan.package_name,
    tier: String(plan.request_limit),
    period,
    amount: String(plan.monthly_price_cents / 100),
  });
}

/**
 * SPEC 9 "Plan assignment from a payment amount", over the catalogue in force: the plan sold
 * through checkout with the highest monthly price the amount reaches; below them all, the
 * cheapest. Undefined when the catalogue sells nothing.
 */
export function planForAmount<T extends Pick<PlanDefinition, "monthly_price_cents" | "contact_sales">>(amountCents: number, catalogue: readonly T[]): T | undefined {
  const sold = catalogue.filter((p) => !p.contact_sales && p.monthly_price_cents > 0).sort((a, b) => b.monthly_price_cents - a.monthly_price_cents);
  return sold.find((p) => amountCents >= p.monthly_price_cents) ?? sold.at(-1);
}

export function findPlan(packageName: string, catalogue: readonly PlanDefinition[] = PLAN_CATALOGUE): PlanDefinition | undefined {
  return catalogue.find((p) => p.package_name === packageName);
}
