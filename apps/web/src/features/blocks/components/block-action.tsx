import { Suspense, useState, type ReactNode } from 'react';
import { lazy } from '../../../lib/lazy';
import type { BlockDialogProps } from './block-dialog';

// The confirmation loads when a block is first asked for, never with the screen.
const BlockDialog = lazy(() => import('./block-dialog'));

/**
 * Whatever offers a block (a button, a menu item) and the confirmation that says what a block
 * does before it is made: `children` gets the function that opens it.
 */
export function BlockAction({
  children,
  ...props
}: Omit<BlockDialogProps, 'open' | 'onClose'> & { children: (open: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      {children(() => {
        setAsked(true);
        setOpen(true);
      })}
      {asked && (
        <Suspense fallback={null}>
          <BlockDialog {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
