import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Brief } from '@maya/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage, problemErrors, type FieldErrors } from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { briefDraftQuery } from '../api/draft-brief';
import { useContracts } from '../hooks/use-contracts';
import { BriefForm } from './brief-form';
import { MayaLabel } from './maya-label';
import { useBriefsTranslation } from '../utils/words';

const fullOnPhone = {
  m: { xs: 0, sm: 4 },
  width: { xs: '100%', sm: 'calc(100% - 64px)' },
  maxWidth: { xs: '100%', sm: 600 },
  height: { xs: '100%', sm: 'auto' },
  maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' },
  borderRadius: { xs: 0, sm: 1 },
} as const;

/**
 * "Get quotes for me": the buyer describes the need ("Read it"), Maya reads it into a draft, and
 * the buyer checks and completes it in the brief's form before anything is sent. Opened with the
 * buyer's words (from the assistant's answer), it reads them at once.
 */
export function BriefDialog({
  initialText,
  onClose,
}: {
  initialText: string;
  onClose: () => void;
}) {
  const { t } = useBriefsTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const contracts = useContracts();
  const [text, setText] = useState(initialText);
  // The words Maya reads: those the form opened with, then each "Read it".
  const [read, setRead] = useState<string | null>(initialText.trim() || null);
  const [describing, setDescribing] = useState(read === null);
  const [empty, setEmpty] = useState(false);
  const reading = useQuery({ ...briefDraftQuery(read ?? ''), enabled: read !== null });

  const serverText = reading.isError ? problemErrors(reading.error).text : undefined;
  const errors = useMemo(() => {
    const found: FieldErrors = {};
    const message = empty ? t('form.errors.text') : serverText;
    if (message) found.text = message;
    return found;
  }, [empty, serverText, t]);
  const failure =
    reading.isError && !serverText ? errorMessage(reading.error, t('form.readFailed')) : null;
  const describeForm = useErrorsInView(errors, failure);

  const submitText = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    setEmpty(words === '');
    if (words === '') return;
    setRead(words);
    setDescribing(false);
    // The same words read again after a failure are asked for again.
    if (words === read && reading.isError) void reading.refetch();
  };

  const sent = (brief: Brief) => {
    toast.success(t('form.sent', { count: brief.asked.length }));
    onClose();
    void navigate(`/briefs/${brief.id}`);
  };

  const pending = read !== null && reading.isFetching;
  const draft = !describing && reading.isSuccess ? reading.data : null;

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      // The whole screen on a phone, by the breakpoint in CSS: no media query in the script.
      slotProps={{ paper: { sx: fullOnPhone } }}
    >
      <DialogTitle
        id={titleId}
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        {t('form.title')}
        <MayaLabel />
      </DialogTitle>
      {draft && contracts ? (
        <BriefForm
          draft={draft}
          contracts={contracts}
          onBack={() => setDescribing(true)}
          onClose={onClose}
          onSent={sent}
        />
      ) : (
        <Box
          component="form"
          ref={describeForm}
          onSubmit={submitText}
          noValidate
          sx={{ display: 'contents' }}
        >
          <DialogContent dividers>
            <TextField
              label={t('form.describe')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setEmpty(false);
              }}
              multiline
              minRows={4}
              fullWidth
              autoFocus={initialText === ''}
              error={Boolean(errors.text)}
              helperText={errors.text ?? t('form.describeHelp')}
              disabled={pending}
              slotProps={{ htmlInput: { maxLength: contracts?.briefLimits.draftTextMax } }}
            />
            {pending && (
              <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2 }}>
                <CircularProgress size={18} aria-hidden />
                <Typography variant="body2">{t('form.reading')}</Typography>
              </Box>
            )}
            {failure && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button type="button" onClick={onClose}>
              {t('form.close')}
            </Button>
            <Button type="submit" variant="contained" disabled={pending}>
              {t('form.read')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
