/** `shared-contracts/forms` (decision 022): form fields, the forms' rules, schemas and error messages, and the CAPTCHA check. */
export * from '../forms';
export * from '../auth-forms';
export * from '../captcha';
export * from '../form-rules';
export * from '../names';
