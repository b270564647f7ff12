import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useBlockChange } from '../api/blocks';

export interface BlockDialogProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  name: string;
  /** Told once the block is made (a profile then leaves, say). */
  onBlocked?: () => void;
}

/** The confirmation that says what a block does before it is made. */
export default function BlockDialog({ open, onClose, userId, name, onBlocked }: BlockDialogProps) {
  const ready = useNamespace('blocks');
  const { t } = useTranslation('blocks');
  const change = useBlockChange();
  const titleId = useId();
  const close = () => {
    onClose();
    change.reset();
  };
  // Its words load with it, on the first block asked for.
  if (!ready) return null;
  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('confirmTitle', { name })}</DialogTitle>
        <DialogContent>
          <Typography component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
            <li>{t('effectMessages', { name })}</li>
            <li>{t('effectFind', { name })}</li>
            <li>{t('effectSilent', { name })}</li>
            <li>{t('effectUndo')}</li>
          </Typography>
          {change.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { userId, blocked: true },
                {
                  onSuccess: () => {
                    close();
                    onBlocked?.();
                  },
                },
              )
            }
          >
            {t('translation:blocks.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
