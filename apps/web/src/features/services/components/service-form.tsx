import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Currency, Service, ServiceBody, ServiceUnit } from '@maya/contracts';
import { currencies, SERVICE_LIMITS, serviceUnits } from '@maya/contracts/service-units';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { amountText, parseAmount } from '../utils/money';

interface Draft {
  name: string;
  description: string;
  priceFrom: string;
  priceTo: string;
  unit: ServiceUnit;
  currency: Currency;
}

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/**
 * One service's fields: a name, a short description, a price or a range typed in euros or reais
 * (sent as minor units), a unit and a currency. The server's schema checks it; its field messages
 * show under their fields.
 */
export function ServiceForm({
  service,
  defaultCurrency,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
}: {
  service?: Service;
  defaultCurrency: Currency;
  submitLabel: string;
  onSubmit: (body: ServiceBody) => Promise<unknown>;
  onCancel?: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('services');
  const blank: Draft = {
    name: '',
    description: '',
    priceFrom: '',
    priceTo: '',
    unit: 'hour',
    currency: defaultCurrency,
  };
  const [draft, setDraft] = useState<Draft>(
    service
      ? {
          name: service.name,
          description: service.description,
          priceFrom: amountText(service.priceFrom),
          priceTo: service.priceTo === null ? '' : amountText(service.priceTo),
          unit: service.unit,
          currency: service.currency,
        }
      : blank,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView<HTMLFormElement>(errors);
  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceFrom = parseAmount(draft.priceFrom);
    const priceTo = draft.priceTo.trim() === '' ? null : parseAmount(draft.priceTo);
    const local: FieldErrors = {};
    if (priceFrom === undefined) local.priceFrom = t('badPrice');
    if (priceTo === undefined) local.priceTo = t('badPrice');
    setErrors(local);
    if (priceFrom === undefined || priceTo === undefined) return;
    onSubmit({
      name: draft.name,
      description: draft.description,
      priceFrom,
      priceTo,
      unit: draft.unit,
      currency: draft.currency,
    }).then(
      () => {
        if (!service) setDraft({ ...blank, unit: draft.unit, currency: draft.currency });
      },
      (error: unknown) => setErrors(problemErrors(error)),
    );
  };

  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  return (
    <Stack component="form" ref={formRef} onSubmit={submit} spacing={2} noValidate>
      <TextField
        label={t('name')}
        required
        {...field('name')}
        onChange={(event) => change({ name: event.target.value })}
        slotProps={{ htmlInput: { maxLength: SERVICE_LIMITS.nameMax } }}
      />
      <TextField
        label={t('description')}
        multiline
        rows={2}
        {...field('description')}
        onChange={(event) => change({ description: event.target.value })}
        slotProps={{ htmlInput: { maxLength: SERVICE_LIMITS.descriptionMax } }}
      />
      <Box sx={twoColumns}>
        <TextField
          label={t('priceFrom')}
          required
          {...field('priceFrom')}
          onChange={(event) => change({ priceFrom: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <TextField
          label={t('priceTo')}
          {...field('priceTo')}
          onChange={(event) => change({ priceTo: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <TextField
          select
          label={t('unit')}
          {...field('unit')}
          onChange={(event) => change({ unit: event.target.value as ServiceUnit })}
        >
          {serviceUnits.map((unit) => (
            <MenuItem key={unit} value={unit}>
              {t(`translation:services.units.${unit}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('currency')}
          {...field('currency')}
          onChange={(event) => change({ currency: event.target.value as Currency })}
        >
          {currencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {t(`translation:services.currencies.${currency}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
