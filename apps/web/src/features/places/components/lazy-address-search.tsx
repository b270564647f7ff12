import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { lazy } from '../../../lib/lazy';
import { loadNamespace } from '../../../lib/i18n';
import { useEarlyInputOf } from '../../../start/hydration-turns';
import type { AddressSearchProps } from './address-search';

// The combobox (MUI's Autocomplete with it) and its texts load when a form first shows the box,
// so no page pays for them before: not the landing page's script, not the interface strings.
const Search = lazy(() =>
  Promise.all([import('./address-search'), loadNamespace('places')]).then(([module]) => module),
);

/**
 * The loaded search. On a page the server drew, its code may arrive after the page is live, and a
 * person may have typed into its box by then: the text is handed over once the search is.
 */
function LiveSearch(props: AddressSearchProps) {
  const part = useEarlyInputOf<HTMLDivElement>();
  return (
    <div ref={part}>
      <Search {...props} />
    </div>
  );
}

/** The address search, loaded on first use; a blank of the field's size stands in meanwhile. */
export function AddressSearch(props: AddressSearchProps) {
  return (
    <Suspense
      fallback={<Box sx={{ height: 56, borderRadius: 1, border: 1, borderColor: 'divider' }} />}
    >
      <LiveSearch {...props} />
    </Suspense>
  );
}
