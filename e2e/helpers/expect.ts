/** A failed expectation: the message is what the report prints. */
export class ExpectationError extends Error {
  override name = 'ExpectationError';
}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ExpectationError(message);
}
