import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Review } from '@maya/contracts';
import { REVIEW_RULES } from '@maya/contracts/review-rules';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { FieldErrors } from '../../../components/field-errors';
import { useWriteReview } from '../api/write-review';
import { useCheckedSubmit } from './use-checked-submit';

/**
 * The viewer's review of a completed deal: 1 to 5 stars and words. A refusal shows in the
 * server's words beside the field at fault (or above the button), and what was typed stays.
 */
export function ReviewForm({
  dealId,
  mine,
  onDone,
}: {
  dealId: string;
  /** The review being edited before publication, if any. */
  mine?: Review | null;
  onDone?: () => void;
}) {
  const { t } = useTranslation('reviews');
  const { t: tMain } = useTranslation();
  const write = useWriteReview(dealId);
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [text, setText] = useState(mine?.text ?? '');
  const { fieldErrors, error, form, send } = useCheckedSubmit(t('sendFailed'));
  const labelId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked: FieldErrors = {};
    if (rating === null) checked.rating = t('ratingRequired');
    if (text.trim() === '') checked.text = t('textRequired');
    await send(checked, async () => {
      await write.mutateAsync({ rating: rating!, text });
      toast.success(t('sent'));
      onDone?.();
    });
  }

  return (
    <Box component="form" ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2}>
        <FormControl error={Boolean(fieldErrors.rating)} component="fieldset">
          <FormLabel id={labelId} component="legend">
            {t('rating')}
          </FormLabel>
          <Rating
            name={`review-rating-${dealId}`}
            value={rating}
            onChange={(_event, value) => setRating(value)}
            getLabelText={(count) => tMain('reviews.stars', { count })}
            size="large"
            aria-invalid={Boolean(fieldErrors.rating)}
          />
          {fieldErrors.rating && <FormHelperText>{fieldErrors.rating}</FormHelperText>}
        </FormControl>
        <TextField
          label={t('text')}
          required
          multiline
          minRows={3}
          value={text}
          error={Boolean(fieldErrors.text)}
          helperText={fieldErrors.text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: REVIEW_RULES.textMax } }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={write.isPending}>
            {mine ? t('save') : t('send')}
          </Button>
          {mine && onDone && (
            <Button type="button" onClick={onDone}>
              {t('cancel')}
            </Button>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
