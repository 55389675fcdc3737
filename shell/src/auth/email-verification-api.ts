/**
 * The two calls of email confirmation, kept beside the prompt and the page that use them (both load
 * on demand) rather than in the core API client that every first view carries.
 */
import { api, ApiMessageSchema } from 'shared-contracts';
import type { VerifyEmailRequest } from 'shared-contracts/forms';

/** Follows a mailed email-confirmation link (the token of its ?token=). */
export const verifyEmail = (body: VerifyEmailRequest) => api.request('POST', '/service/user/verify-email', ApiMessageSchema, body);

/** Mails the signed-in member a new email-confirmation link. */
export const resendEmailVerification = () => api.request('POST', '/service/user/verify-email/resend', ApiMessageSchema, {});
