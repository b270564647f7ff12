import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';
import { LocationFields, parsePoint } from '../../../components/location-fields';
import { useUpdateEmail, useUpdatePassword, useUpdateProfile } from '../api/account-mutations';
import { DataControls } from './data-controls';
import { GalleryManager } from './gallery-manager';
import { Section } from './section';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

export function ProfileDetails({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const email = useUpdateEmail();
  const password = useUpdatePassword();
  const [names, setNames] = useState({ firstName: user.firstName, lastName: user.lastName });
  const [description, setDescription] = useState(user.description);
  const [emails, setEmails] = useState({ email: '', confirmEmail: '', password: '' });
  const [passwords, setPasswords] = useState({
    currentPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [address, setAddress] = useState(user.location?.address ?? '');
  const [point, setPoint] = useState({
    lat: user.location ? String(user.location.lat) : '',
    lng: user.location ? String(user.location.lng) : '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const failed = (error: Error) => {
    setErrors(problemErrors(error));
    toast.error(error.message);
  };

  const saveNames = (event: FormEvent) => {
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
  const saveEmail = (event: FormEvent) => {
    event.preventDefault();
    if (emails.email.trim().toLowerCase() !== emails.confirmEmail.trim().toLowerCase())
      return setErrors({ confirmEmail: t('account.emailsDiffer') });
    setErrors({});
    email.mutate(emails, {
      onSuccess: () => {
        toast.success(t('account.emailUpdated'));
        setEmails({ email: '', confirmEmail: '', password: '' });
      },
      onError: failed,
    });
  };
  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    if (passwords.password !== passwords.confirmPassword)
      return setErrors({ confirmPassword: t('account.passwordsDiffer') });
    setErrors({});
    password.mutate(passwords, {
      onSuccess: () => {
        toast.success(t('account.passwordUpdated'));
        setPasswords({ currentPassword: '', password: '', confirmPassword: '' });
      },
      onError: failed,
    });
  };
  const saveLocation = (event: FormEvent) => {
    event.preventDefault();
    const location = parsePoint(point);
    if (!location)
      return setErrors({
        'location.lat': t('account.locationRequired'),
        'location.lng': t('account.locationRequired'),
      });
    setErrors({});
    profile.mutate(
      { location: { address, ...location } },
      { onSuccess: () => toast.success(t('account.locationSaved')), onError: failed },
    );
  };

  return (
    <>
      <Section id="personal" title={t('account.personal')}>
        <Stack component="form" onSubmit={saveNames} spacing={2} noValidate>
          <Box sx={grid}>
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
        <Stack
          component="form"
          spacing={2}
          sx={{ mt: 3 }}
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
            minRows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box>
            <Button type="submit" variant="outlined" disabled={profile.isPending}>
              {t('account.updateProfile')}
            </Button>
          </Box>
        </Stack>
      </Section>

      <Section id="email" title={t('account.emailSection')}>
        <Stack component="form" onSubmit={saveEmail} spacing={2} noValidate>
          <TextField label={t('auth.email')} value={user.email} disabled />
          <Box sx={grid}>
            <TextField
              label={t('account.newEmail')}
              type="email"
              autoComplete="email"
              value={emails.email}
              onChange={(event) => setEmails({ ...emails, email: event.target.value })}
              error={Boolean(errors.email)}
              helperText={errors.email}
            />
            <TextField
              label={t('account.confirmEmail')}
              type="email"
              autoComplete="email"
              value={emails.confirmEmail}
              onChange={(event) => setEmails({ ...emails, confirmEmail: event.target.value })}
              error={Boolean(errors.confirmEmail)}
              helperText={errors.confirmEmail}
            />
          </Box>
          <TextField
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={emails.password}
            onChange={(event) => setEmails({ ...emails, password: event.target.value })}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={email.isPending}>
              {t('account.updateEmail')}
            </Button>
          </Box>
        </Stack>
      </Section>

      <Section id="password" title={t('account.passwordSection')}>
        <Stack component="form" onSubmit={savePassword} spacing={2} noValidate>
          <TextField
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={passwords.currentPassword}
            onChange={(event) =>
              setPasswords({ ...passwords, currentPassword: event.target.value })
            }
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword}
          />
          <Box sx={grid}>
            <TextField
              label={t('account.newPassword')}
              type="password"
              autoComplete="new-password"
              value={passwords.password}
              onChange={(event) => setPasswords({ ...passwords, password: event.target.value })}
              error={Boolean(errors.password && !errors.confirmPassword)}
              helperText={t('auth.passwordHint')}
            />
            <TextField
              label={t('account.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={passwords.confirmPassword}
              onChange={(event) =>
                setPasswords({ ...passwords, confirmPassword: event.target.value })
              }
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword}
            />
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={password.isPending}>
              {t('account.updatePassword')}
            </Button>
          </Box>
        </Stack>
      </Section>

      <Section id="gallery" title={t('account.gallery')}>
        <GalleryManager />
      </Section>

      <Section id="location" title={t('account.locationSection')}>
        <Stack component="form" onSubmit={saveLocation} spacing={2} noValidate>
          <TextField
            label={t('account.address')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            autoComplete="street-address"
          />
          <LocationFields value={point} onChange={setPoint} errors={errors} mapHeight={500} />
          <Box>
            <Button type="submit" variant="contained" disabled={profile.isPending}>
              {t('account.save')}
            </Button>
          </Box>
        </Stack>
      </Section>

      <Section id="data" title={t('account.yourData')}>
        <DataControls />
      </Section>
    </>
  );
}
