/**
 * Request bodies of the account endpoints (`shared-contracts/forms`, also the server's): the
 * client sends them and the server parses them with these schemas.
 */
import * as z from 'zod/mini';
import { MESSAGES } from 'shared-contracts/contracts';
import { personNameText } from './names';

/** Registration requests carry a random id from 100 to about 999999 (PAY-07). */
const REGISTRATION_RANDOM_ID_RANGE = { min: 100, max: 999999 } as const;

export const SignInRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  reCaptchaToken: z.optional(z.string()),
  deviceType: z.optional(z.literal('WEB_SITE')),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;
/**
 * POST /api/user/register and /service/user/register (PAY-03 Registration payload, PAY-07).
 * Shape and name characters only: the server applies the field rules and answers 400
 * errors[] per field.
 */
export const RegistrationRequestSchema = z.object({
  firstName: personNameText(MESSAGES.shared.firstName),
  lastName: personNameText(MESSAGES.shared.lastName),
  emailAddress: z.string(),
  password: z.string(),
  optIn: z.optional(z.boolean()),
  deviceType: z.optional(z.literal('WEB_SITE')),
  reCaptchaToken: z.optional(z.string()),
  /** The random id of the registration call (100 to 999999); echoed, never trusted. */
  id: z.optional(z.int()),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;
/**
 * POST /api/user/subscriber/search: the email and the account number together; the
 * lookup answers only when both match one record.
 */
export const SubscriberSearchRequestSchema = z.object({
  emailAddress: z.string(),
  accountNumber: z.string(),
});
export type SubscriberSearchRequest = z.infer<typeof SubscriberSearchRequestSchema>;
/** POST /api/user/subscribe (PAY-07): creates the subscriber's web account and signs in. */
export const SubscribeRequestSchema = z.object({
  emailAddress: z.string(),
  accountNumber: z.string(),
  password: z.string(),
  optIn: z.optional(z.boolean()),
  /** The captcha token of the subscriber registration page (action 'register_sync_sub', PAY-09). */
  reCaptchaToken: z.optional(z.string()),
  deviceType: z.optional(z.literal('WEB_SITE')),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;
/** POST /api/user/forgotpassword (PAY-07). Always 200 with the success message for any email. */
export const ForgotPasswordRequestSchema = z.object({
  emailAddress: z.string(),
  reCaptchaToken: z.optional(z.string()),
  deviceType: z.optional(z.literal('WEB_SITE')),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;
/** POST /service/user/reset-password (PAY-07): the mailed single-use token and the new password. */
export const ResetPasswordRequestSchema = z.object({ token: z.string(), password: z.string() });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
/** POST /service/user/password (PAY-07): current and new password. */
export const ChangePasswordRequestSchema = z.object({ current: z.string(), password: z.string() });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
/**
 * POST /service/user/profile (PAY-07): displayName, emailAddress, attributes as name/value.
 * A different emailAddress needs currentPassword; it is only switched once the link mailed to it is followed.
 */
export const ProfileUpdateRequestSchema = z.object({
  displayName: z.optional(personNameText()),
  emailAddress: z.optional(z.string()),
  currentPassword: z.optional(z.string()),
  attributes: z.optional(z.array(z.object({ name: z.string(), value: z.string() }))),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;
/** POST /service/user/verify-email: the token of a mailed email-confirmation link. */
export const VerifyEmailRequestSchema = z.object({ token: z.string() });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** The random id of the registration call (PAY-07): a whole number from 100 to 999999. */
export function registrationId(random: () => number = Math.random): number {
  const { min, max } = REGISTRATION_RANDOM_ID_RANGE;
  return min + Math.floor(random() * (max - min + 1));
}
