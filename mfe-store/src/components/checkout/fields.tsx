/**
 * The checkout's form fields, built on the one field kit of shared-contracts/forms: the text fields are
 * its TextField (a visible label, the server's error under the field tied with aria-invalid and
 * aria-describedby), the selects use the same field block and error. The errors are the server's
 * answer to a submit, shown politely under each field; the form's summary is the alert.
 */
import { useId, type ReactNode } from 'react';
import { FieldError, TextField, valueField } from 'shared-contracts/forms';

export type Errors = Record<string, string>;

interface InputProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  onBlur?(): void;
  maxLength?: number;
}

export function Input({ label, name, value, onChange, error, autoComplete, inputMode, onBlur, maxLength }: InputProps) {
  const field = { ...valueField({ value, error, onChange }), blur: () => onBlur?.() };
  return <TextField label={label} name={name} field={field} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength} errorDisplay="live" />;
}

interface SelectProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  autoComplete?: string;
  placeholder?: string;
}

export function Select({ label, name, value, onChange, options, error, autoComplete, placeholder }: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error ? error : null} display="live" />
    </div>
  );
}

export function Fieldset({ legend, children, className, id }: { legend: string; children: ReactNode; className?: string; id?: string }) {
  return (
    <fieldset className={className} id={id}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
