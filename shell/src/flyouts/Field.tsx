/**
 * A labelled input with its error: aria-invalid and aria-describedby while there is an error, and
 * an error area that is always present and polite-live, so a new error is announced.
 */
import { useId, type Ref } from 'react';

export interface FieldProps {
  label: string;
  type: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function Field({ label, type, value, onChange, error, autoComplete, inputRef }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <p id={errorId} className="form-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
