/**
 * A prerendered form can be typed into before the app has hydrated it. React keeps such text in
 * the fields but not in its state, so the form would submit empty and the next render would wipe
 * the field. Once the screen is hydrated, each text field whose value differs from the one it was
 * rendered with is handed back to React as if just typed: its onChange runs with the text.
 * `skip` leaves out fields that are not live yet (a part still waiting: hydration-turns.tsx).
 */
export function adoptEarlyInput(
  root: ParentNode = document,
  skip: (field: Element) => boolean = () => false,
): void {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea',
  );
  for (const field of fields) {
    if (skip(field)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const prototype = Object.getPrototypeOf(field) as object;
    const native = Object.getOwnPropertyDescriptor(prototype, 'value');
    if (!native?.set) continue;
    // React tracks the last value it saw through the element's own `value` setter: report the
    // rendered value to it, put the typed text back behind its back, and announce the input.
    field.value = field.defaultValue;
    native.set.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
