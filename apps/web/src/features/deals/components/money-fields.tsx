import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Currency } from '@maya/contracts';
import { currencies } from '@maya/contracts/service-units';
import { useTranslation } from 'react-i18next';

/** An amount typed in major units beside its currency: an offer's price, a request's budget. */
export function MoneyFields({
  label,
  required = false,
  amount,
  currency,
  error,
  onAmountChange,
  onCurrencyChange,
}: {
  label: string;
  required?: boolean;
  amount: string;
  currency: Currency;
  error: string | undefined;
  onAmountChange: (amount: string) => void;
  onCurrencyChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation('deals');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
      <TextField
        label={label}
        required={required}
        value={amount}
        error={Boolean(error)}
        helperText={error}
        onChange={(event) => onAmountChange(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
      <TextField
        select
        label={t('form.currency')}
        value={currency}
        onChange={(event) => onCurrencyChange(event.target.value as Currency)}
      >
        {currencies.map((code) => (
          <MenuItem key={code} value={code}>
            {t(`translation:services.currencies.${code}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
