import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEAL_REASON_MAX } from '@maya/contracts/deal-process';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveDialog, type MoveFormProps } from './move-dialog';

/** A cancellation's or a problem's reason, which both people see. */
export function ReasonDialog({
  kind,
  fieldErrors,
  onSend,
  ...frame
}: MoveFormProps<string> & { kind: 'cancel' | 'report_problem' }) {
  const { t } = useTranslation('deals');
  const [reason, setReason] = useState('');
  const fieldError = fieldErrors['action.reason'];
  return (
    <MoveDialog
      {...frame}
      title={t(kind === 'cancel' ? 'form.cancelTitle' : 'form.problemTitle')}
      onSubmit={() =>
        void onSend(reason).then((sent) => {
          if (sent) setReason('');
        })
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t(kind === 'cancel' ? 'form.cancelNote' : 'form.problemNote')}
      </Typography>
      <TextField
        label={t('form.reason')}
        required
        multiline
        minRows={3}
        value={reason}
        error={Boolean(fieldError)}
        helperText={fieldError}
        onChange={(event) => setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: DEAL_REASON_MAX } }}
      />
    </MoveDialog>
  );
}
