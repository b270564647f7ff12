import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUpdateProfile } from '../api/update-profile';
import { useFieldErrors } from '../hooks/use-field-errors';

type Answer = 'yes' | 'no' | '';

/**
 * A business's declaration under EU consumer law: whether it sells as a trader. Its profile tells
 * clients, in one line, what it declared. A select like the sector's, so the account's first
 * paint brings no other control's code.
 */
export function TraderForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const saved: Answer = user.trader === true ? 'yes' : user.trader === false ? 'no' : '';
  const [trader, setTrader] = useState<Answer>(saved);
  const { errors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!trader) return;
    profile.mutate(
      { trader: trader === 'yes' },
      { onSuccess: () => toast.success(t('account.traderSaved')), onError: failed },
    );
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('account.traderLegend')}
          value={trader}
          onChange={(event) => setTrader(event.target.value as Answer)}
          error={Boolean(errors.trader)}
          helperText={errors.trader ?? t('account.traderHelp')}
          sx={{ flex: 1, minWidth: 220 }}
        >
          <MenuItem value="yes">{t('account.traderYes')}</MenuItem>
          <MenuItem value="no">{t('account.traderNo')}</MenuItem>
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={!trader || trader === saved || profile.isPending}
          sx={{ height: 56 }}
        >
          {t('account.traderSave')}
        </Button>
      </Box>
    </Stack>
  );
}
