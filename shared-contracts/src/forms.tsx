/**
 * Form fields of the account screens: a visible label, an optional description, and the error next
 * to the field (role=alert) tied to it with aria-invalid and aria-describedby. Validation runs on
 * blur, on change once the field shows an error, and on submit.
 */
import { useId, useState, type ReactNode, type Ref } from 'react';
import { type Rule, UI_TEXT } from 'shared-contracts/contracts';
import { shouldValidateOn } from './validators';

export interface FieldState {
  value: string;
  /** The error shown next to the field (a rule's message or one set from a server answer). */
  error: string | null;
  /** True when the current value passes the rule (whether or not an error is shown). */
  valid: boolean;
  change(value: string): void;
  blur(): void;
  /** Shows the rule's result; returns true when valid. */
  validate(): boolean;
  setError(error: string | null): void;
}

export function useField(rule: Rule, initial = ''): FieldState {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    valid: rule(value) === null,
    change(next) {
      setValue(next);
      if (shouldValidateOn('change', error !== null)) setError(rule(next));
    },
    blur() {
      if (shouldValidateOn('blur', error !== null)) setError(rule(value));
    },
    validate() {
      const e = rule(value);
      setError(e);
      return e === null;
    },
    setError,
  };
}

function describedBy(...ids: (string | null | undefined | false)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length ? list.join(' ') : undefined;
}

/** A field whose value and error live in the form's own state (the flyouts): no rule of its own. */
export function valueField({ value, error, onChange }: { value: string; error: string | undefined; onChange(value: string): void }): FieldState {
  return {
    value,
    error: error ? error : null,
    valid: !error,
    change: onChange,
    blur() {},
    validate: () => !error,
    setError() {},
  };
}

/**
 * How a field shows its error:
 * - `alert` (the account forms): a fixed area that keeps its height, the message role=alert;
 * - `live` (the flyouts): a polite live paragraph that is always there, empty without an error.
 */
export type FieldErrorDisplay = 'alert' | 'live';

interface TextFieldProps {
  label: string;
  field: FieldState;
  type?: 'text' | 'email' | 'password';
  name?: string;
  autoComplete?: string;
  errorDisplay?: FieldErrorDisplay;
  /** Shown under the label and read with the field; hidden while an error with the same text shows. */
  description?: string;
  /** Marks the field invalid for an error shown elsewhere (the sign-in message), described by that id. */
  externalErrorId?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Adds the Show password / Hide password toggle. */
  revealable?: boolean;
  /** A control shown at the end of the error message, read with it (the paywall's 'Reset it here.'). */
  errorAction?: ReactNode;
  /** The checkout's card fields: a numeric keyboard and a length limit. */
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}

export function TextField({
  label,
  field,
  type = 'text',
  name,
  autoComplete,
  description,
  externalErrorId,
  inputRef,
  revealable,
  errorAction,
  errorDisplay = 'alert',
  inputMode,
  maxLength,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const [revealed, setRevealed] = useState(false);
  const showDescription = description !== undefined && description !== field.error;
  const invalid = field.error !== null || Boolean(externalErrorId);
  const input = (
    <input
      id={id}
      ref={inputRef}
      name={name}
      type={revealable && revealed ? 'text' : type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      value={field.value}
      onChange={(e) => field.change(e.target.value)}
      onBlur={() => field.blur()}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy(showDescription && descriptionId, field.error !== null && errorId, externalErrorId)}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {showDescription && (
        <p id={descriptionId} className="field-hint">
          {description}
        </p>
      )}
      {revealable ? (
        <div className="password-input">
          {input}
          <button type="button" className="reveal-toggle" aria-controls={id} aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
            {revealed ? 'Hide password' : 'Show password'}
          </button>
        </div>
      ) : (
        input
      )}
      <FieldError id={errorId} error={field.error} display={errorDisplay} action={errorAction} />
    </div>
  );
}

/** The error under a field, as TextField shows it (also under the store's checkout selects). */
export function FieldError({ id, error, display, action }: { id: string; error: string | null; display: FieldErrorDisplay; action?: ReactNode }) {
  if (display === 'live') {
    return (
      <p id={id} className="form-error" aria-live="polite">
        {error ?? ''}
      </p>
    );
  }
  // A fixed error area: a one-line message appearing on blur does not move what is below (a click
  // on the next control would otherwise land elsewhere).
  return (
    <div className="field-error-area">
      {error !== null && (
        <p id={id} className="form-error" role="alert">
          {error}
          {action ? <> {action}</> : null}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
}

/** An optional select with a blank first choice (the profile settings). */
export function SelectField({ label, name, value, options, onChange }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="" />
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form-level message (server answers): role=alert for errors, role=status for confirmations. */
export function FormMessage({ id, kind, children }: { id?: string; kind: 'error' | 'status'; children: ReactNode }) {
  return (
    <p id={id} className={kind === 'error' ? 'form-error' : 'form-status'} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** Submit label of the modal forms: checkout and gift flows word it differently. */
export function submitLabel(reason: string | undefined, fallback: string): string {
  if (reason === 'checkout') return UI_TEXT.onToCheckout;
  if (reason === 'gift') return UI_TEXT.onToRecipient;
  return fallback;
}
