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
  // A blank reason is said at once, under the field, instead of after a refused request.
  const [blank, setBlank] = useState(false);
  const fieldError = blank ? t('form.noReason') : fieldErrors['action.reason'];
  const send = () => {
    if (reason.trim() === '') {
      setBlank(true);
      return;
    }
    void onSend(reason).then((sent) => {
      if (sent) setReason('');
    });
  };
  return (
    <MoveDialog
      {...frame}
      title={t(kind === 'cancel' ? 'form.cancelTitle' : 'form.problemTitle')}
      onSubmit={send}
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
        onChange={(event) => {
          setReason(event.target.value);
          setBlank(false);
        }}
        slotProps={{ htmlInput: { maxLength: DEAL_REASON_MAX } }}
      />
    </MoveDialog>
  );
}
