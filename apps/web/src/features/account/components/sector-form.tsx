import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser, Sector } from '@maya/contracts';
import { sectors } from '@maya/contracts/sectors';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUpdateProfile } from '../api/update-profile';
import { useFieldErrors } from '../hooks/use-field-errors';

/**
 * A business's sector. One the original client created has none yet (it is listed under Other),
 * so the form says why it is asked.
 */
export function SectorForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const [category, setCategory] = useState<Sector | ''>(user.category ?? '');
  const { errors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!category) return;
    profile.mutate(
      { category },
      { onSuccess: () => toast.success(t('account.sectorSaved')), onError: failed },
    );
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      {!user.category && <Alert severity="info">{t('account.sectorMissing')}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('account.sector')}
          value={category}
          onChange={(event) => setCategory(event.target.value as Sector)}
          error={Boolean(errors.category)}
          helperText={errors.category}
          sx={{ flex: 1, minWidth: 220 }}
        >
          {sectors.map((sector) => (
            <MenuItem key={sector} value={sector}>
              {t(`sectors.${sector}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={!category || category === user.category || profile.isPending}
          sx={{ height: 56 }}
        >
          {t('account.saveSector')}
        </Button>
      </Box>
    </Stack>
  );
}
