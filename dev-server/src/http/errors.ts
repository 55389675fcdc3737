/**
 * The HTTP face of errors: every error answer is JSON {message, errors?} (ApiErrorBody of
 * shared-contracts). Services throw domain errors; this maps them to status codes. An answer never
 * carries a stack, a file path or a library's own error text, in any mode: an error this file does
 * not know answers the status's standard reason phrase (4xx) or the generic message (5xx).
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { type ApiErrorBody, MESSAGES } from 'shared-contracts/server';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  LockedError,
  NotFoundError,
  NotSignedInError,
  PaymentDeclinedError,
  TooManyRequestsError,
  UnavailableError,
  UnprocessableError,
} from '../services/errors';
import { errorFields, type Logger } from './logger';
import { rejectMalformedPaths } from './malformed-path.cjs';
import { logPath, requestIdOf } from './request-log';

/** An error that already knows its status (edge checks: CSRF, malformed bodies). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = (error as { status: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

function typeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  const type = (error as { type: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

export function errorBody(message: string, errors?: ApiErrorBody['errors']): ApiErrorBody {
  return errors && errors.length > 0 ? { message, errors } : { message };
}

/** The last error handler: known errors as their status, anything else logged (with the request id) and a 500. */
export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof NotFoundError) {
      res.status(404).json(errorBody(error.message));
    } else if (error instanceof InvalidInputError) {
      res.status(400).json(errorBody(error.message, error.errors));
    } else if (error instanceof NotSignedInError) {
      res.status(401).json(errorBody(error.message));
    } else if (error instanceof ForbiddenError) {
      res.status(403).json(errorBody(error.message));
    } else if (error instanceof ConflictError) {
      res.status(409).json(errorBody(error.message, error.errors));
    } else if (error instanceof UnprocessableError) {
      res.status(422).json(errorBody(error.message, error.errors));
    } else if (error instanceof PaymentDeclinedError) {
      res.status(402).json(errorBody(error.message));
    } else if (error instanceof LockedError) {
      res.status(423).json(errorBody(error.message));
    } else if (error instanceof TooManyRequestsError) {
      res.status(429).set('Cache-Control', 'no-store').json(errorBody(error.message));
    } else if (error instanceof UnavailableError) {
      res.status(503).json(errorBody(error.message));
    } else if (error instanceof HttpError) {
      res.status(error.status).json(errorBody(error.message));
    } else if (typeOf(error) === 'entity.parse.failed') {
      res.status(400).json(errorBody('The request body is not valid JSON.'));
    } else if (typeOf(error) === 'entity.too.large') {
      res.status(413).json(errorBody('The request body is too large.'));
    } else if ((statusOf(error) ?? 500) >= 400 && (statusOf(error) ?? 500) < 500) {
      // A library's refusal (a bad charset, a file it will not send): its message may quote the
      // input or a path, so only the status travels.
      const status = statusOf(error) ?? 400;
      res.status(status).json(errorBody(STATUS_CODES[status] ?? 'Bad Request'));
    } else {
      logger.error('unhandled error', { requestId: requestIdOf(res), method: req.method, path: logPath(req), error: errorFields(error) });
      res.status(500).json(errorBody(MESSAGES.generic));
    }
  };
}

/** Last handler: nothing matched. */
export const notFoundJson: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody('Not found'));
};

/**
 * First handler: a path no route or file can have (bad percent-encoding, a control character, a
 * dot segment) gets the unknown path's 404 before any router or file lookup sees it.
 */
export const rejectMalformedPathsJson: RequestHandler = rejectMalformedPaths(notFoundJson);
