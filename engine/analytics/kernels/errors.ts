/**
 * Raised by the pure analytics kernels when their input cannot produce a meaningful
 * result: too few points, mismatched lengths, non-finite values, bad parameters.
 * Callers translate it into a user-facing validation error; it never means a bug.
 */
export class KernelInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KernelInputError";
  }
}

/** Throws unless every value is a finite number and there are at least `minLength` of them. */
export function assertFiniteSeries(values: readonly number[], label: string, minLength: number): void {
  if (values.length < minLength) {
    throw new KernelInputError(`${label} needs at least ${minLength} values, got ${values.length}`);
  }
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new KernelInputError(`${label}[${i}] is not a finite number`);
  }
}

/** Throws unless the two series have the same length. */
export function assertSameLength(x: readonly number[], y: readonly number[]): void {
  if (x.length !== y.length) {
    throw new KernelInputError(`x and y must have the same length, got ${x.length} and ${y.length}`);
  }
}
