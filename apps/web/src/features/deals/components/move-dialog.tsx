import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../components/field-errors';

/**
 * What every move's form takes from the deal's actions: the frame's state, the server's field
 * messages, and a send that answers whether the move went through (the form clears if it did).
 */
export interface MoveFormProps<Body> {
  open: boolean;
  error: string | null;
  fieldErrors: FieldErrors;
  pending: boolean;
  onClose: () => void;
  onSend: (body: Body) => Promise<boolean>;
}

/**
 * The frame every move with words has (a request, an offer, a counter, a reason): a titled form
 * whose refusal shows in words above its buttons while everything typed stays in its fields.
 */
export function MoveDialog({
  open,
  title,
  error,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  /** The server's words when it refused the move, or a problem of the form as a whole. */
  error: string | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('deals');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={onClose}>
            {t('form.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('form.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
