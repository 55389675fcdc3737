import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField, useField } from './forms';
import { validateRequired } from './validators';

function Form({ action }: { action?: boolean }) {
  const field = useField(validateRequired);
  return <TextField label="Email" name="email" field={field} errorAction={action && field.error ? <button type="button">Reset it here.</button> : undefined} />;
}

describe('TextField', () => {
  it('validates on blur, then on change, and ties the error to the field', async () => {
    render(<Form />);
    const input = screen.getByLabelText('Email');
    await userEvent.click(input);
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(input, 'a');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads a control shown at the end of the error with the error', async () => {
    render(<Form action />);
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required. Reset it here.');
    expect(screen.getByRole('button', { name: 'Reset it here.' })).toBeVisible();
  });
});
