import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Currency, OfferTerms, OfferTermsBody } from '@maya/contracts';
import { DEAL_TEXT_MAX, dealLimits } from '@maya/contracts/deal-process';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../components/field-errors';
import { amountText, parseAmount } from '../../services';
import { useMoveForm } from '../hooks/use-move-form';
import { DateWindowFields } from './date-window-fields';
import { MoneyFields } from './money-fields';
import { MoveDialog, type MoveFormProps } from './move-dialog';

const VALID_DAYS = [1, 2, 3, 5, 7, 10, 14, 21, 30].filter(
  (days) => days <= dealLimits.offerValidMaxDays,
);

interface Draft {
  title: string;
  price: string;
  currency: Currency;
  included: string;
  from: string;
  to: string;
  validDays: number;
}

function draftOf(initial: OfferTerms | undefined, currency: Currency): Draft {
  return {
    title: initial?.title ?? '',
    price: initial ? amountText(initial.price.amount) : '',
    currency: initial?.price.currency ?? currency,
    included: initial?.included ?? '',
    from: initial?.when.from ?? '',
    to: initial && initial.when.to !== initial.when.from ? initial.when.to : '',
    validDays: dealLimits.offerValidDays,
  };
}

/**
 * An offer's terms, for an offer, a counter or an update: what it is, the total with VAT, what
 * is included, the dates and how long it stays open. A counter or an update starts from the
 * terms that stand.
 */
export function TermsDialog({
  title,
  initial,
  currency,
  fieldErrors,
  onSend,
  ...frame
}: MoveFormProps<OfferTermsBody> & {
  title: string;
  initial?: OfferTerms | undefined;
  currency: Currency;
}) {
  const { t } = useTranslation('deals');
  const form = useMoveForm(() => draftOf(initial, currency), fieldErrors, 'action.terms');
  const { draft, change } = form;

  const send = async () => {
    const amount = parseAmount(draft.price);
    const problems: FieldErrors = {};
    if (amount === undefined) problems.price = t('form.badPrice');
    if (!draft.from) problems['when.from'] = t('form.badDate');
    form.setLocal(problems);
    if (amount === undefined || !draft.from) return;
    const sent = await onSend({
      title: draft.title,
      price: { amount, currency: draft.currency },
      included: draft.included,
      when: form.when(),
      validDays: draft.validDays,
    });
    if (sent) form.setDraft(draftOf(undefined, draft.currency));
  };

  return (
    <MoveDialog {...frame} title={title} onSubmit={() => void send()}>
      <TextField
        label={t('form.title')}
        required
        {...form.field('title')}
        onChange={(event) => change({ title: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <MoneyFields
        label={t('form.price')}
        required
        amount={draft.price}
        currency={draft.currency}
        error={form.errorOf('price')}
        onAmountChange={(price) => change({ price })}
        onCurrencyChange={(code) => change({ currency: code })}
      />
      <TextField
        label={t('form.included')}
        required
        multiline
        minRows={3}
        {...form.field('included')}
        onChange={(event) => change({ included: event.target.value })}
        slotProps={{ htmlInput: { maxLength: DEAL_TEXT_MAX } }}
      />
      <DateWindowFields {...form.windowFields} />
      <TextField
        select
        label={t('form.validDays')}
        value={draft.validDays}
        onChange={(event) => change({ validDays: Number(event.target.value) })}
      >
        {VALID_DAYS.map((days) => (
          <MenuItem key={days} value={days}>
            {t('form.days', { count: days })}
          </MenuItem>
        ))}
      </TextField>
    </MoveDialog>
  );
}
