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
