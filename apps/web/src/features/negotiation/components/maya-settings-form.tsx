import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NegotiationSettings, Service } from '@maya/contracts';
import { dealLimits } from '@maya/contracts/deal-process';
import { NEGOTIATION_DELAYS } from '@maya/contracts/negotiation-limits';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { useSaveNegotiationSettings } from '../api/save-negotiation-settings';
import { bodyOf, draftOf, formErrorsOf, type Draft, type ServiceDraft } from '../utils/draft';
import { BlockedDates } from './blocked-dates';
import { ServiceLimits } from './service-limits';

const counterChoices = Array.from({ length: dealLimits.countersPerSide }, (_, index) => index + 1);
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/**
 * Maya's settings, saved whole: on or off (the Pro plan), the wait and the counters, each
 * service she may offer with its floor and keep-back, and the days the business cannot take.
 * A failed save keeps what was typed and brings the first message into view.
 */
export function MayaSettingsForm({
  saved,
  services,
}: {
  saved: NegotiationSettings;
  services: Service[];
}) {
  const { t, i18n } = useTranslation('negotiation');
  const save = useSaveNegotiationSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useErrorsInView<HTMLFormElement>(errors, failure);
  const sent = useRef<string[]>([]);
  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const changeService = (id: string, fields: Partial<ServiceDraft>) =>
    setDraft((current) => {
      const was = current.services[id] ?? { offered: false, floor: '', keepBack: '0' };
      return { ...current, services: { ...current.services, [id]: { ...was, ...fields } } };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = bodyOf(draft, services, saved.available, t, i18n.language);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    sent.current = checked.order;
    save.mutate(checked.body, {
      onSuccess: () => toast.success(t('saved')),
      onError: (error) => {
        setErrors(formErrorsOf(problemErrors(error), sent.current));
        setFailure(error.message);
      },
    });
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={submit} spacing={3} noValidate>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={saved.available && draft.enabled}
              disabled={!saved.available}
              onChange={(event) => change({ enabled: event.target.checked })}
              slotProps={{
                input: { 'aria-describedby': saved.available ? undefined : 'maya-pro-only' },
              }}
            />
          }
          label={t('enabled')}
        />
        {!saved.available && (
          <Typography id="maya-pro-only" variant="body2" color="text.secondary">
            {t('proOnly')}{' '}
            <Link component={RouterLink} to="/pricing">
              {t('seePlans')}
            </Link>
          </Typography>
        )}
        {errors.enabled && (
          <Typography variant="body2" color="error">
            {errors.enabled}
          </Typography>
        )}
      </Box>
      <Box sx={twoColumns}>
        <TextField
          select
          id="maya-wait"
          label={t('wait')}
          value={draft.answerAfterMinutes}
          onChange={(event) => change({ answerAfterMinutes: Number(event.target.value) })}
          error={Boolean(errors.answerAfterMinutes)}
          helperText={errors.answerAfterMinutes ?? t('waitHelp')}
        >
          {NEGOTIATION_DELAYS.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {t(`waits.${minutes}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="maya-counters"
          label={t('counters')}
          value={draft.counterLimit}
          onChange={(event) => change({ counterLimit: Number(event.target.value) })}
          error={Boolean(errors.counterLimit)}
          helperText={errors.counterLimit ?? t('countersHelp')}
        >
          {counterChoices.map((count) => (
            <MenuItem key={count} value={count}>
              {count}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <FormControlLabel
        sx={{ mt: '8px !important' }}
        control={
          <Checkbox
            checked={draft.atOnceWhenOffline}
            onChange={(event) => change({ atOnceWhenOffline: event.target.checked })}
          />
        }
        label={t('atOnceWhenOffline')}
      />
      <ServiceLimits
        services={services}
        draft={draft.services}
        errors={errors}
        onChange={changeService}
      />
      <BlockedDates
        days={draft.blockedDates}
        error={errors.blockedDates}
        onChange={(blockedDates) => change({ blockedDates })}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('save')}
        </Button>
      </Box>
    </Stack>
  );
}
