import { useState } from 'react';
import type { FieldErrors } from '../../../components/field-errors';
import { todayValue } from '../utils/deal-text';

/** A window of days as its two date fields hold it: the last day empty when it is the first. */
interface DayWindow {
  from: string;
  to: string;
}

/**
 * The typed state of a move's form that has a window of days (a request, an offer's terms): the
 * draft, the form's own messages, and the server's messages under their fields. The server names
 * a field by the body's path (`action.terms.price.amount`), so `bodyPath` is `action.terms`.
 */
export function useMoveForm<Draft extends DayWindow>(
  initial: Draft | (() => Draft),
  fieldErrors: FieldErrors,
  bodyPath: string,
) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const errorOf = (field: string) =>
    local[field] ??
    Object.entries(fieldErrors).find(([path]) => path.startsWith(`${bodyPath}.${field}`))?.[1];
  /** A text field's value and message. */
  const field = (name: keyof Draft & string) => ({
    value: draft[name],
    error: Boolean(errorOf(name)),
    helperText: errorOf(name),
  });
  /** The window's fields, from today on. */
  const windowFields = {
    from: draft.from,
    to: draft.to,
    min: todayValue(),
    errors: { from: errorOf('when.from'), to: errorOf('when.to') },
    onChange: (window: DayWindow) => setDraft((current) => ({ ...current, ...window })),
  };
  /** The window as a body sends it: one day when no last day is given. */
  const when = () => ({ from: draft.from, to: draft.to || draft.from });

  return { draft, setDraft, change, setLocal, errorOf, field, windowFields, when };
}
