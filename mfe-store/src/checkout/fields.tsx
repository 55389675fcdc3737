/** Checkout form fields: a visible label, the server's error next to the field (aria-invalid, aria-describedby). */
import { useId, type ReactNode } from 'react';

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

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="form-error field-error">
      {error}
    </p>
  );
}

export function Input({ label, name, value, onChange, error, autoComplete, inputMode, onBlur, maxLength }: InputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <ErrorText id={errorId} error={error} />
    </div>
  );
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
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

export function Fieldset({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
