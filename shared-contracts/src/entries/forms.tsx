/** `shared-contracts/forms` (decision 022): form fields, the forms' rules, schemas and error messages, and the CAPTCHA check. */
export * from '../forms';
export * from '../auth-forms';
export * from '../captcha';
export * from '../validators';
export * from '../server-errors';
export * from '../requests';
export * from '../form-schemas';
export * from '../profile-options';
export * from '../captcha-actions';
export * from '../account-screens';
export * from '../names';
export * from '../profile-settings-form';
export * from '../design';
