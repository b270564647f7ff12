import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Brief, BriefCandidate, BriefDraft, BriefPriority } from '@maya/contracts';
import { DEAL_TEXT_MAX } from '@maya/contracts/deal-process';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, problemErrors, type FieldErrors } from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { ApiError } from '../../../lib/api-client';
import { newBriefClientId, useCreateBrief } from '../api/create-brief';
import { draftBrief } from '../api/draft-brief';
import type { Contracts } from '../hooks/use-contracts';
import {
  briefBody,
  chosenOf,
  serverFieldErrors,
  valuesFromDraft,
  type BriefFormValues,
} from '../utils/brief-form';
import { todayValue } from '../../deals';
import { CandidateList } from './candidate-list';
import { WantedField } from './wanted-field';
import { useBriefsTranslation } from '../utils/words';

/**
 * Maya's reading of the need, for the buyer to check: every field can be changed, and nothing is
 * sent until "Send to N businesses". A refusal keeps everything typed and shows each message
 * under its field, the first one brought into view and focused.
 */
export function BriefForm({
  draft,
  contracts,
  onBack,
  onClose,
  onSent,
}: {
  draft: BriefDraft;
  contracts: Contracts;
  onBack: () => void;
  onClose: () => void;
  onSent: (brief: Brief) => void;
}) {
  const { t } = useBriefsTranslation();
  const limits = contracts.briefLimits;
  const [values, setValues] = useState<BriefFormValues>(() => valuesFromDraft(draft, limits));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBrief();
  // One id per brief: kept while its answer is lost, so sending again is the same brief.
  const clientId = useRef<string | null>(null);
  const form = useErrorsInView<HTMLFormElement>(errors, failure);
  const change = (fields: Partial<BriefFormValues>) =>
    setValues((current) => ({ ...current, ...fields }));
  const today = todayValue();
  const near = useSearchNear(draft, (candidates) =>
    change({ chosen: chosenOf(candidates, limits) }),
  );

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    clientId.current ??= newBriefClientId();
    const checked = briefBody(values, clientId.current, {
      limits,
      schema: contracts.createBriefBodySchema,
      candidates: near.candidates,
      today,
      say: (key, options) =>
        t(`form.errors.${key === 'when.from' ? 'from' : key === 'when.to' ? 'to' : key}`, options),
    });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      onSent(await create.mutateAsync(checked.body));
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400) clientId.current = null;
      const fields = serverFieldErrors(problemErrors(error));
      setErrors(fields);
      if (Object.keys(fields).length === 0 || fields.form) {
        setFailure(fields.form ?? errorMessage(error, t('form.failed')));
      }
    }
  };

  const priorities: readonly BriefPriority[] = contracts.briefPriorities;
  const count = values.chosen.length;

  return (
    <Box
      component="form"
      ref={form}
      onSubmit={(event) => void send(event)}
      noValidate
      sx={{ display: 'contents' }}
    >
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('form.intro')}</Typography>
          {draft.service && (
            <Typography sx={{ fontWeight: 600 }}>
              {t('form.readAs', { service: draft.service })}
            </Typography>
          )}
          <TextField
            label={t('form.need')}
            required
            multiline
            minRows={2}
            value={values.need}
            onChange={(event) => change({ need: event.target.value })}
            error={Boolean(errors.need)}
            helperText={errors.need}
            slotProps={{ htmlInput: { maxLength: DEAL_TEXT_MAX } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              type="date"
              label={t('form.from')}
              required
              value={values.from}
              onChange={(event) => change({ from: event.target.value })}
              error={Boolean(errors['when.from'])}
              helperText={errors['when.from']}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
            <TextField
              type="date"
              label={t('form.to')}
              value={values.to}
              onChange={(event) => change({ to: event.target.value })}
              error={Boolean(errors['when.to'])}
              helperText={errors['when.to']}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.from || today } }}
            />
          </Box>
          <Box>
            <TextField
              label={t('form.where')}
              fullWidth
              required
              value={values.where}
              onChange={(event) => change({ where: event.target.value })}
              // Once the buyer leaves the field, not at each key: the businesses near the new place.
              onBlur={(event) => near.search(event.target.value)}
              error={Boolean(errors.where)}
              helperText={errors.where}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Typography
              role="status"
              aria-live="polite"
              variant="body2"
              color="text.secondary"
              sx={{ mt: near.said ? 1 : 0 }}
            >
              {near.said && t(`form.${near.said.key}`, near.said.values)}
            </Typography>
          </Box>
          <TextField
            label={t('form.budget')}
            value={values.budget}
            onChange={(event) => change({ budget: event.target.value })}
            error={Boolean(errors.budget)}
            helperText={errors.budget}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: {
                endAdornment: <InputAdornment position="end">{values.currency}</InputAdornment>,
              },
            }}
          />
          <WantedField
            wanted={values.wanted}
            max={limits.wantedMax}
            maxLength={limits.wantedLength}
            error={errors.wanted}
            onChange={(wanted) => change({ wanted })}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {t('form.priority')}
            </FormLabel>
            <RadioGroup
              value={values.priority}
              onChange={(event) => change({ priority: event.target.value as BriefPriority })}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              {priorities.map((priority) => (
                <FormControlLabel
                  key={priority}
                  value={priority}
                  control={<Radio />}
                  label={t(`form.priorities.${priority}`)}
                />
              ))}
            </RadioGroup>
          </Box>
          <TextField
            select
            label={t('form.answerWithin')}
            value={values.answerWithinHours}
            onChange={(event) => change({ answerWithinHours: Number(event.target.value) })}
          >
            {limits.answerWithinHours.map((hours) => (
              <MenuItem key={hours} value={hours}>
                {t('form.hours', { count: hours })}
              </MenuItem>
            ))}
          </TextField>
          <CandidateList
            candidates={near.candidates}
            chosen={values.chosen}
            max={limits.businessesMax}
            error={errors.businesses}
            onChange={(chosen) => change({ chosen })}
          />
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="button" onClick={onBack}>
          {t('form.back')}
        </Button>
        <Button type="button" onClick={onClose}>
          {t('form.close')}
        </Button>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {create.isPending ? t('form.sending') : t('form.send', { count })}
        </Button>
      </DialogActions>
    </Box>
  );
}

type NearSaid =
  | { key: 'placeSearching' | 'placeNone' | 'placeFailed'; values: { place: string } }
  | { key: 'placeFound'; values: { place: string; count: number } };

/**
 * The businesses the form offers, near the place the buyer wrote: Maya's draft's, then, when the
 * buyer changes the place, those she finds near the new one (the same words read again, with the
 * place given), `onFound` told so the chosen ones follow. What it says while it looks, and after.
 */
function useSearchNear(draft: BriefDraft, onFound: (candidates: BriefCandidate[]) => void) {
  const [candidates, setCandidates] = useState(draft.candidates);
  const [said, setSaid] = useState<NearSaid | null>(null);
  // The place the businesses shown were found near, and the search under way.
  const searched = useRef((draft.where ?? '').trim());
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const search = (typed: string) => {
    const place = typed.trim();
    if (place === '' || place === searched.current) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const before = searched.current;
    searched.current = place;
    setSaid({ key: 'placeSearching', values: { place } });
    draftBrief({ text: draft.need, where: place }, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setCandidates(found.candidates);
        onFound(found.candidates);
        const count = found.candidates.length;
        setSaid(
          count === 0
            ? { key: 'placeNone', values: { place } }
            : { key: 'placeFound', values: { place, count } },
        );
      },
      () => {
        if (controller.signal.aborted) return;
        // Leaving the field again asks again.
        searched.current = before;
        setSaid({ key: 'placeFailed', values: { place } });
      },
    );
  };

  return { candidates, said, search };
}
