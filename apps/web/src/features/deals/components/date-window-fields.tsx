import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A window of days: its first day, and its last when it is more than one. */
export function DateWindowFields({
  from,
  to,
  min,
  errors,
  onChange,
}: {
  from: string;
  to: string;
  min: string;
  errors: { from?: string | undefined; to?: string | undefined };
  onChange: (window: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('deals');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        type="date"
        label={t('form.from')}
        required
        value={from}
        error={Boolean(errors.from)}
        helperText={errors.from}
        onChange={(event) => onChange({ from: event.target.value, to })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
      />
      <TextField
        type="date"
        label={t('form.to')}
        value={to}
        error={Boolean(errors.to)}
        helperText={errors.to}
        onChange={(event) => onChange({ from, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || min } }}
      />
    </Box>
  );
}
