import type { z } from "zod";
import type { conditionAction, CONDITION_OPERATORS } from "../../../core/contracts/actions/condition.js";
import { ActionFailure } from "./action-context.js";

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export type ConditionConfig = z.output<typeof conditionAction.config>;

/** A type rather than an interface, so that it is a pure runner's Record<string, unknown>. */
export type ConditionOutput = {
  matched: boolean;
  left: unknown;
  operator: ConditionOperator;
  right: unknown;
};

/**
 * The condition step: evaluates `left <operator> right` (both already resolved from templates).
 * Nothing here can be retried into a different answer, so every failure is final.
 */
export function runCondition({ left, operator, right }: ConditionConfig): ConditionOutput {
  return { matched: evaluateCondition(left, operator, right), left, operator, right };
}

/**
 * - equals / not_equals: deep equality of JSON values; a number and a numeric string compare as
 *   numbers (`5` equals `"5.0"`), two strings compare as text.
 * - contains / not_contains: a substring of a string, or an element (by the same equality) of an array.
 * - greater_than / less_than: numbers (or numeric strings), or two ISO 8601 dates; anything
 *   else fails the step with a message naming what was compared.
 * - exists / not_exists: whether `left` is neither null nor absent; `right` is ignored. A
 *   template naming a missing path fails before the condition runs (templating never invents
 *   values), so `exists` tells apart values that are null from the rest: a field present with
 *   null, or a step output that is null.
 */
export function evaluateCondition(left: unknown, operator: ConditionOperator, right: unknown): boolean {
  switch (operator) {
    case "equals":
      return valuesEqual(left, requireRight(operator, right));
    case "not_equals":
      return !valuesEqual(left, requireRight(operator, right));
    case "contains":
      return contains(left, requireRight(operator, right));
    case "not_contains":
      return !contains(left, requireRight(operator, right));
    case "greater_than":
      return compare(left, requireRight(operator, right), operator) > 0;
    case "less_than":
      return compare(left, requireRight(operator, right), operator) < 0;
    case "exists":
      return left !== null && left !== undefined;
    case "not_exists":
      return left === null || left === undefined;
  }
}

export function valuesEqual(left: unknown, right: unknown): boolean {
  if (typeof left === "number" || typeof right === "number") {
    const a = toNumber(left);
    const b = toNumber(right);
    if (a !== undefined && b !== undefined) return a === b;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => valuesEqual(item, right[index]));
  }
  if (isObject(left) && isObject(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && valuesEqual(left[key], right[key]));
  }
  return left === right;
}

function contains(left: unknown, right: unknown): boolean {
  if (Array.isArray(left)) return left.some((item) => valuesEqual(item, right));
  if (typeof left === "string") {
    if (typeof right === "string" || typeof right === "number" || typeof right === "boolean") return left.includes(String(right));
    throw fail(`contains on text needs text or a number on the right; got ${describe(right)}`);
  }
  throw fail(`contains needs text or an array on the left; got ${describe(left)}`);
}

function compare(left: unknown, right: unknown, operator: ConditionOperator): number {
  const a = toNumber(left);
  const b = toNumber(right);
  if (a !== undefined && b !== undefined) return a - b;
  const dateA = toDate(left);
  const dateB = toDate(right);
  if (dateA !== undefined && dateB !== undefined) return dateA - dateB;
  throw fail(`${operator} compares two numbers or two ISO 8601 dates; got ${describe(left)} and ${describe(right)}`);
}

function requireRight(operator: ConditionOperator, right: unknown): unknown {
  if (right === undefined) throw fail(`The condition's "right" value is required for ${operator}`);
  return right;
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A finite number, or a string that is exactly one; nothing else (no "", no booleans). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !NUMERIC.test(value.trim())) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Milliseconds since the epoch of an ISO 8601 date or date-time string. */
function toDate(value: unknown): number | undefined {
  if (typeof value !== "string" || !ISO_DATE.test(value.trim())) return undefined;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? undefined : time;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return String(value);
}

function fail(message: string): ActionFailure {
  return new ActionFailure("ACTION_FAILED", message, { retryable: false });
}
