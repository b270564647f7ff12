import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUpdateProfile } from '../api/update-profile';
import { useFieldErrors } from '../hooks/use-field-errors';

export function DescriptionForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const [description, setDescription] = useState(user.description);
  const { errors, failed, formRef } = useFieldErrors();

  return (
    <Stack
      component="form"
      ref={formRef}
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        profile.mutate(
          { description },
          { onSuccess: () => toast.success(t('account.userUpdated')), onError: failed },
        );
      }}
    >
      <TextField
        label={t('account.description')}
        multiline
        // A fixed height (it scrolls beyond it): a growing field measures itself once the page
        // is live, and the sections below would move.
        rows={4}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={profile.isPending}>
          {t('account.updateProfile')}
        </Button>
      </Box>
    </Stack>
  );
}
