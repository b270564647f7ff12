import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUpdateProfile } from '../api/update-profile';
import { useFieldErrors } from '../hooks/use-field-errors';
import { twoColumns } from './two-columns';

/** A client's first and last name; a business's one name (its business name). */
export function NameForm({ user }: { user: PrivateUser }) {
  return user.role === 'seller' ? <BusinessNameForm user={user} /> : <PersonNameForm user={user} />;
}

function BusinessNameForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const [businessName, setBusinessName] = useState(user.fullName);
  const { errors, setErrors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!businessName.trim()) return setErrors({ businessName: t('account.businessNameRequired') });
    setErrors({});
    profile.mutate(
      { businessName },
      { onSuccess: () => toast.success(t('account.userUpdated')), onError: failed },
    );
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      <TextField
        label={t('auth.businessName')}
        value={businessName}
        onChange={(event) => setBusinessName(event.target.value)}
        error={Boolean(errors.businessName)}
        helperText={errors.businessName ?? t('auth.businessNameHint')}
        autoComplete="organization"
      />
      <Box>
        <Button type="submit" variant="contained" disabled={profile.isPending}>
          {t('account.updateName')}
        </Button>
      </Box>
    </Stack>
  );
}

function PersonNameForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const [names, setNames] = useState({ firstName: user.firstName, lastName: user.lastName });
  const { errors, setErrors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!names.firstName.trim() || !names.lastName.trim())
      return setErrors({
        firstName: t('account.namesRequired'),
        lastName: t('account.namesRequired'),
      });
    setErrors({});
    profile.mutate(names, {
      onSuccess: () => toast.success(t('account.userUpdated')),
      onError: failed,
    });
  };

  return (
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      <Box sx={twoColumns}>
        <TextField
          label={t('auth.firstName')}
          value={names.firstName}
          onChange={(event) => setNames({ ...names, firstName: event.target.value })}
          error={Boolean(errors.firstName)}
          helperText={errors.firstName}
          autoComplete="given-name"
        />
        <TextField
          label={t('auth.lastName')}
          value={names.lastName}
          onChange={(event) => setNames({ ...names, lastName: event.target.value })}
          error={Boolean(errors.lastName)}
          helperText={errors.lastName}
          autoComplete="family-name"
        />
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={profile.isPending}>
          {t('account.updateName')}
        </Button>
      </Box>
    </Stack>
  );
}
