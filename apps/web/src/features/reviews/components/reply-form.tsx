import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REVIEW_RULES } from '@maya/contracts/review-rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useReplyToReview } from '../api/reply-to-review';
import { useCheckedSubmit } from './use-checked-submit';

/** The business's one reply to its client's published review. */
export function ReplyForm({ dealId }: { dealId: string }) {
  const { t } = useTranslation('reviews');
  const reply = useReplyToReview(dealId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const { fieldErrors, error, form, send } = useCheckedSubmit(t('sendFailed'));

  if (!open) {
    return (
      <Box>
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          {t('replyAction')}
        </Button>
      </Box>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send(text.trim() === '' ? { text: t('textRequired') } : {}, async () => {
      await reply.mutateAsync(text);
      toast.success(t('replySent'));
    });
  }

  return (
    <Box component="form" ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={1.5}>
        <TextField
          label={t('replyLabel')}
          required
          multiline
          minRows={2}
          value={text}
          error={Boolean(fieldErrors.text)}
          helperText={fieldErrors.text ?? t('replyHint')}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: REVIEW_RULES.replyMax } }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={reply.isPending}>
            {t('replySend')}
          </Button>
          <Button type="button" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
