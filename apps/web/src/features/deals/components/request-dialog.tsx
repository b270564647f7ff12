import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Currency, QuoteRequest, Service } from '@maya/contracts';
import { DEAL_TEXT_MAX } from '@maya/contracts/deal-process';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../components/field-errors';
import { profileQuery } from '../../directory';
import { formatMoney, parseAmount } from '../../services';
import { useMoveForm } from '../hooks/use-move-form';
import { DateWindowFields } from './date-window-fields';
import { MoneyFields } from './money-fields';
import { MoveDialog, type MoveFormProps } from './move-dialog';

const OTHER = '';

interface Draft {
  serviceId: string;
  need: string;
  from: string;
  to: string;
  where: string;
  budget: string;
  currency: Currency;
}

/** "Wedding photography · from €850.00": a service as the request's list names it. */
function serviceLabel(service: Service, language: string): string {
  return `${service.name} · ${formatMoney(service.priceFrom, service.currency, language)}`;
}

/**
 * A buyer's quote request: one of the business's services (from its profile's list) or something
 * else in words, what is needed, when, where, and a budget if there is one.
 */
export function RequestDialog({
  business,
  fieldErrors,
  onSend,
  ...frame
}: MoveFormProps<QuoteRequest> & { business: { id: string; name: string } }) {
  const { t, i18n } = useTranslation('deals');
  const profile = useQuery({ ...profileQuery(business.id), enabled: frame.open });
  const services = profile.data?.services ?? [];
  const blank: Draft = {
    serviceId: OTHER,
    need: '',
    from: '',
    to: '',
    where: '',
    budget: '',
    currency: services[0]?.currency ?? (i18n.language === 'pt' ? 'BRL' : 'EUR'),
  };
  const form = useMoveForm(blank, fieldErrors, 'action.request');
  const { draft, change } = form;

  const send = async () => {
    const budget = draft.budget.trim() === '' ? null : parseAmount(draft.budget);
    const problems: FieldErrors = {};
    if (budget === undefined) problems.budget = t('form.badPrice');
    if (!draft.from) problems['when.from'] = t('form.badDate');
    form.setLocal(problems);
    if (budget === undefined || !draft.from) return;
    const sent = await onSend({
      serviceId: draft.serviceId === OTHER ? null : draft.serviceId,
      need: draft.need,
      when: form.when(),
      where: draft.where,
      budget: budget === null ? null : { amount: budget, currency: draft.currency },
    });
    if (sent) form.setDraft(blank);
  };

  return (
    <MoveDialog
      {...frame}
      title={t('form.requestTitle', { name: business.name })}
      onSubmit={() => void send()}
    >
      <TextField
        select
        label={t('form.service')}
        {...form.field('serviceId')}
        onChange={(event) => {
          const chosen = services.find((service) => service.id === event.target.value);
          change({
            serviceId: event.target.value,
            ...(chosen && { currency: chosen.currency }),
          });
        }}
      >
        {services.map((service) => (
          <MenuItem key={service.id} value={service.id}>
            {serviceLabel(service, i18n.language)}
          </MenuItem>
        ))}
        <MenuItem value={OTHER}>{t('form.otherService')}</MenuItem>
      </TextField>
      <TextField
        label={t('form.need')}
        required
        multiline
        minRows={3}
        {...form.field('need')}
        onChange={(event) => change({ need: event.target.value })}
        slotProps={{ htmlInput: { maxLength: DEAL_TEXT_MAX } }}
      />
      <DateWindowFields {...form.windowFields} />
      <TextField
        label={t('form.where')}
        required
        {...form.field('where')}
        onChange={(event) => change({ where: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <MoneyFields
        label={t('form.budget')}
        amount={draft.budget}
        currency={draft.currency}
        error={form.errorOf('budget')}
        onAmountChange={(budget) => change({ budget })}
        onCurrencyChange={(code) => change({ currency: code })}
      />
    </MoveDialog>
  );
}
