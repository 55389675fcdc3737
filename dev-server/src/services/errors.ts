/**
 * Errors the services raise. They say what went wrong in domain terms; the HTTP layer
 * (http/errors.ts) decides the status code.
 */
export interface FieldError {
  field: string;
  errorMessage: string;
}

export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor(message = 'Not signed in') {
    super(message);
  }
}

/** The thing asked for clashes with what exists (a taken email, an already linked subscription). */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** The account may not do this (a restricted account). */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
}

/** The account is locked for now (the sign-in lockout seen from forgot-password). */
export class LockedError extends Error {
  override readonly name = 'LockedError';
}

/** A third-party service the request depends on (the captcha) could not be reached. */
export class UnavailableError extends Error {
  override readonly name = 'UnavailableError';
}

/** Field errors to an InvalidInputError whose message is the first field's (what a form shows first). */
export function invalidFields(errors: FieldError[]): InvalidInputError {
  return new InvalidInputError(errors[0]?.errorMessage ?? 'Invalid request', errors);
}

/** The request is well-formed but the rules refuse it now (an unknown product, a digital quantity above 1, a missing step). */
export class UnprocessableError extends Error {
  override readonly name = 'UnprocessableError';
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** The payment gateway declined the charge (402): nothing changed. */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';
}

/** The member has used up an allowance for now (the day's email-share addresses): 429, nothing sent. */
export class TooManyRequestsError extends Error {
  override readonly name = 'TooManyRequestsError';
}
