import { Suspense, type ComponentProps, type ComponentType } from 'react';
import { lazy } from '../../../lib/lazy';

/** A form loaded on first use, drawing nothing while its code comes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
function onFirstUse<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const Form = lazy(load);
  return function FormOnFirstUse(props: ComponentProps<T>) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  };
}

// The forms of a move (a quote request, an offer's terms, a reason) load when one is first
// opened: a chat drawn with a deal's button or cards shows none of them, so their code (the
// fields, the service list, the dialog) stays out of what the chat evaluates before it is live.
export const RequestDialog = onFirstUse(() =>
  import('./request-dialog').then((module) => ({ default: module.RequestDialog })),
);
export const TermsDialog = onFirstUse(() =>
  import('./terms-dialog').then((module) => ({ default: module.TermsDialog })),
);
export const ReasonDialog = onFirstUse(() =>
  import('./reason-dialog').then((module) => ({ default: module.ReasonDialog })),
);
