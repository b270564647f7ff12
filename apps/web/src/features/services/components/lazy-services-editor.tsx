import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { lazy } from '../../../lib/lazy';
import { loadNamespace } from '../../../lib/i18n';

// The editor, its forms and its texts load when the account shows the section, so no other
// screen, and not the account's first paint, carries them.
const Editor = lazy(() =>
  Promise.all([import('./services-editor'), loadNamespace('services')]).then(([module]) => ({
    default: module.ServicesEditor,
  })),
);

/** A business's services on /account, loaded on first use. */
export function ServicesEditor() {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={320} aria-hidden="true" />}>
      <Editor />
    </Suspense>
  );
}
