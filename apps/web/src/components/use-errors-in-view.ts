import { useEffect, useRef, type RefObject } from 'react';
import type { FieldErrors } from './field-errors';

/** What the person must see first in a form that failed: the first field at fault, else its alert. */
export function firstProblem(form: HTMLElement): HTMLElement | null {
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) {
    // A MUI select keeps aria-invalid on a hidden input: its visible button takes the focus.
    if (invalid.getAttribute('aria-hidden') === 'true') {
      return invalid.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? invalid;
    }
    return invalid;
  }
  return form.querySelector<HTMLElement>('[role="alert"]');
}

/** Scrolls the form's first problem into the middle of the view and gives it the focus. */
export function showFirstProblem(form: HTMLElement): boolean {
  const target = firstProblem(form);
  if (!target) return false;
  // An alert is not focusable by itself: it takes the focus without entering the tab order.
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
  return true;
}

/**
 * A form's errors, in view: each time a send fails (a check here or the server's answer), the
 * first field at fault (or, with none, the form's alert) is scrolled into view and focused, so a
 * message far above the button on a phone is never missed and a screen reader reads it. Attach
 * the ref to the form; `errors` are its field messages, `error` the failed request, if any.
 */
export function useErrorsInView<T extends HTMLElement = HTMLFormElement>(
  errors: FieldErrors,
  error?: unknown,
): RefObject<T | null> {
  const form = useRef<T | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    // Not when the form first shows: only a failure moves the focus.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (!error && Object.keys(errors).length === 0) return;
    if (form.current) showFirstProblem(form.current);
  }, [errors, error]);
  return form;
}
