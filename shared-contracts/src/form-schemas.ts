/** Zod schemas and value types of the account and folder forms (`shared-contracts/forms`), checked by the field validators. */
import * as z from 'zod/mini';
import { DEVICE_TYPE, MESSAGES, type Rule, isBlank } from 'shared-contracts/contracts';
import { validateEmail } from './validators';

/** A string schema checked by a rule; trims first when trim is true. */
function ruleSchema(rule: Rule, options: { trim?: boolean } = {}) {
  const check = z.superRefine<string>((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
  });
  return options.trim ? z.string().check(z.trim(), check) : z.string().check(check);
}

/** Forgot-password (PAY-05, PAY-07, PAY-08; SITE-05): valid email, captcha required, device type. */
export const forgotPasswordFormSchema = z.object({
  emailAddress: ruleSchema((v) => validateEmail(v, 'modal'), { trim: true }),
  reCaptchaToken: ruleSchema((v) => (isBlank(v) ? MESSAGES.captcha.required : null)),
  deviceType: z.literal(DEVICE_TYPE),
});

/** The values of the new or renamed folder form (SITE-03, SITE-05); the name is checked by validateFolderName. */
export interface FolderFormValues {
  name: string;
  description?: string;
}
