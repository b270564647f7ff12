import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { lazy } from '../../../lib/lazy';
import { loadNamespace } from '../../../lib/i18n';

// The form and its texts (namespace `negotiation`) load when the account shows the section, so
// the account's first paint carries neither.
const Settings = lazy(() =>
  Promise.all([import('./maya-settings'), loadNamespace('negotiation')]).then(([module]) => ({
    default: module.MayaSettings,
  })),
);

/** A business's choices for Maya answering its quote requests, on /account. */
export function MayaSettings() {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={480} aria-hidden="true" />}>
      <Settings />
    </Suspense>
  );
}
