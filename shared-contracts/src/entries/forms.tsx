/** `shared-contracts/forms` (decision 022): form fields, the forms' rules, schemas and error messages, and the CAPTCHA check. */
export { FieldError, FormMessage, SelectField, submitLabel, TextField, useField, valueField } from '../forms';
export {
  authVariant,
  CaptchaError,
  captchaFailureOf,
  CUSTOMER_SERVICE_HREF,
  ForgotPasswordFields,
  ForgotPasswordSent,
  RegistrationFields,
  SignInFields,
  useForgotPasswordForm,
  useRegistrationForm,
  useSignInForm,
} from '../auth-forms';
export { captchaToken, prefetchCaptcha, resetCaptcha } from '../captcha';
export {
  isValidEmail,
  parseEmailList,
  validateChangePassword,
  validateEmail,
  validateRegistrationPassword,
  validateRequired,
  validateShareEmail,
} from '../validators';
export { accountCreatedMessage, forgotPasswordMessage } from '../server-errors';
export { registrationId } from '../requests';
export { forgotPasswordFormSchema } from '../form-schemas';
export { COMPANY_SIZES, INDUSTRIES, JOB_TITLES } from '../profile-options';
export { captchaAction } from '../captcha-actions';
export { ProfileSettingsForm } from '../profile-settings-form';
export { Tabs } from '../Tabs';
export type * from '../forms';
export type * from '../auth-forms';
export type * from '../captcha';
export type * from '../validators';
export type * from '../server-errors';
export type * from '../requests';
export type * from '../form-schemas';
export type * from '../profile-options';
export type * from '../captcha-actions';
export type * from '../account-screens';
export type * from '../names';
export type * from '../profile-settings-form';
export type * from '../Tabs';
