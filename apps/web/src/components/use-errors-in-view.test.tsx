import { render, screen } from '@testing-library/react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { describe, expect, it, vi } from 'vitest';
import type { FieldErrors } from './field-errors';
import { useErrorsInView } from './use-errors-in-view';

function Form({ errors, error, alert }: { errors: FieldErrors; error?: unknown; alert?: string }) {
  const formRef = useErrorsInView(errors, error);
  return (
    <form ref={formRef}>
      {alert && <div role="alert">{alert}</div>}
      <TextField label="Email" error={Boolean(errors.email)} helperText={errors.email} />
      <TextField select label="Sector" value="" error={Boolean(errors.category)}>
        <MenuItem value="beauty">Beauty</MenuItem>
      </TextField>
      <TextField label="Password" error={Boolean(errors.password)} helperText={errors.password} />
      <button type="submit">Create account</button>
    </form>
  );
}

describe('useErrorsInView', () => {
  it('leaves the focus alone when the form first shows, then focuses and scrolls to the first field at fault', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(<Form errors={{}} />);
    screen.getByRole('button', { name: 'Create account' }).focus();
    rerender(<Form errors={{}} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create account' }));

    rerender(<Form errors={{ password: 'Too common' }} error={new Error('too common')} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Password' }));
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'center' });

    // The first in the form's order wins, and a select's visible button takes the focus.
    rerender(<Form errors={{ category: 'Choose one', password: 'Too common' }} />);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Sector' }));
    rerender(<Form errors={{ email: 'Already registered', password: 'Too common' }} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    scrolled.mockRestore();
  });

  it('focuses the alert when the failure names no field', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(<Form errors={{}} />);
    rerender(<Form errors={{}} error={new Error('Network Error')} alert="Network Error" />);
    const alert = screen.getByRole('alert');
    expect(document.activeElement).toBe(alert);
    expect(alert.tabIndex).toBe(-1);
    expect(scrolled).toHaveBeenCalledTimes(1);
    scrolled.mockRestore();
  });
});
