import { z } from "zod";

/** A required string; missing or blank gives "<Field> is required" (the spec's "Name is required"). */
export const requiredText = (field: string, max = 10_000) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} is too long`);
