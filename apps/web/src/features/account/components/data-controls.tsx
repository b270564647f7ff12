import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../api/delete-account';
import { passwordPausedMessage } from '../hooks/use-field-errors';

export function DataControls() {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('account.yourDataIntro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" href="/api/v1/me/export" download>
          {t('account.download')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('account.delete')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{t('account.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('account.deleteText')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label={t('auth.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={remove.isError}
            helperText={
              remove.isError
                ? (passwordPausedMessage(remove.error, t) ?? remove.error.message)
                : undefined
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('account.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={!password || remove.isPending}
            onClick={() => remove.mutate(password)}
          >
            {t('account.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
