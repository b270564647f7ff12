import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const change = useBlockChange();
  const titleId = useId();
  const close = () => {
    onClose();
    change.reset();
  };
  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('blocks.confirmTitle', { name })}</DialogTitle>
        <DialogContent>
          <Typography component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
            <li>{t('blocks.effectMessages', { name })}</li>
            <li>{t('blocks.effectFind', { name })}</li>
            <li>{t('blocks.effectSilent', { name })}</li>
            <li>{t('blocks.effectUndo')}</li>
          </Typography>
          {change.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('blocks.failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('blocks.cancel')}</Button>
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
            {t('blocks.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
