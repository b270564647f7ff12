import { Suspense, useState, type ReactNode } from 'react';
import { lazy } from '../../../lib/lazy';
import type { ReportDialogProps } from './report-dialog';

// The dialog and its words load when a report is first asked for, never with the screen.
const ReportDialog = lazy(() => import('./report-dialog'));

/**
 * Whatever opens a report (a button, a menu item) and the report's dialog: `children` gets the
 * function that opens it. The dialog's code loads on first use.
 */
export function ReportAction({
  subject,
  name,
  onClosed,
  children,
}: Omit<ReportDialogProps, 'open' | 'onClose'> & {
  /** Told once the dialog has closed (a menu closes itself then). */
  onClosed?: () => void;
  children: (open: () => void) => ReactNode;
}) {
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
          <ReportDialog
            open={open}
            onClose={() => {
              setOpen(false);
              onClosed?.();
            }}
            subject={subject}
            name={name}
          />
        </Suspense>
      )}
    </>
  );
}
