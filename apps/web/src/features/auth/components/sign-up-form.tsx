import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Role, Sector, UploadedImage } from '@maya/contracts';
import { sectors } from '@maya/contracts/sectors';
import { useState, type ChangeEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  errorMessage,
  problemErrors,
  schemaErrors,
  type FieldErrors,
} from '../../../components/field-errors';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { LocationFields, parsePoint, type LatLngText } from '../../../components/location-fields';
import { mailLanguageOf } from '../../../lib/i18n/mail-language';
import { nextOf } from '../../../lib/return-path';
import { acceptedImageTypes, shortName, uploadImages } from '../../../lib/upload';
import { AddressSearch } from '../../places';
import { useSignUp } from '../api/sign-up';
import { Busy } from './busy';
import { CheckedForm, type Contracts } from './checked-form';

/**
 * The sign-up form. Sent, it hands the address on (`onSent`): the answer is the same whether or
 * not the address has an account, and the way in is mailed.
 */
export function SignUpForm({ role, onSent }: { role: Role; onSent: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  // The mailed link brings the new account where the person was going (a path of this site
  // only), as a sign-in does.
  const [params] = useSearchParams();
  const signup = useSignUp();
  const [form, setForm] = useState({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    businessName: '',
    address: '',
    description: '',
    category: '',
  });
  const [point, setPoint] = useState<LatLngText>({ lat: '', lng: '' });
  const [image, setImage] = useState<UploadedImage>();
  const [progress, setProgress] = useState<number>();
  const [imageError, setImageError] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  // The form is drawn again when the answer comes: the field at fault is then in view, focused.
  const formRef = useErrorsInView(errors, signup.error);
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm({ ...form, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageError(undefined);
    if (!acceptedImageTypes.includes(file.type)) return setImageError(t('auth.wrongFormat'));
    setProgress(0);
    uploadImages([file], 'avatar', setProgress)
      .then(([stored]) => setImage(stored))
      .catch((error: unknown) => setImageError(errorMessage(error, t('errors.generic'))))
      .finally(() => setProgress(undefined));
  };

  const submit = ({ signupBodySchema }: Contracts) => {
    const location = parsePoint(point);
    const parsed = signupBodySchema.safeParse({
      role,
      email: form.email,
      password: form.password,
      // A business gives its name; a client their first and last name.
      ...(role === 'seller'
        ? { businessName: form.businessName }
        : { firstName: form.firstName, lastName: form.lastName }),
      description: form.description,
      category: role === 'seller' ? form.category || undefined : undefined,
      location: location ? { address: form.address, ...location } : undefined,
      imageUploadId: image?.id,
      next: nextOf(params.get('next')),
      language: mailLanguageOf(i18n.language),
    });
    const next = parsed.success ? {} : schemaErrors(parsed.error);
    if (role === 'seller' && !form.category) next.category = t('auth.sector');
    if ((point.lat || point.lng) && !location) next['location.lat'] = t('auth.mapHint');
    if (!parsed.success || Object.keys(next).length > 0) return setErrors(next);
    setErrors({});
    signup.mutate(parsed.data, {
      onSuccess: ({ email }) => onSent(email),
      onError: (error) => setErrors(problemErrors(error)),
    });
  };

  if (signup.isPending) return <Busy />;
  return (
    <CheckedForm
      onSend={submit}
      onFailure={(message) => setErrors({ form: message })}
      formRef={formRef}
    >
      {signup.isError && (
        <Alert severity="error">{errorMessage(signup.error, t('errors.network'))}</Alert>
      )}
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
          helperText={errors.password ?? t('auth.passwordHint')}
        />
        {role === 'seller' ? (
          <TextField
            label={t('auth.businessName')}
            autoComplete="organization"
            required
            {...field('businessName')}
            helperText={errors.businessName ?? t('auth.businessNameHint')}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        ) : (
          <>
            <TextField
              label={t('auth.firstName')}
              autoComplete="given-name"
              required
              {...field('firstName')}
            />
            <TextField
              label={t('auth.lastName')}
              autoComplete="family-name"
              required
              {...field('lastName')}
            />
          </>
        )}
      </Box>
      {role === 'seller' && (
        <TextField select label={t('auth.sector')} required {...field('category')}>
          {sectors.map((sector: Sector) => (
            <MenuItem key={sector} value={sector}>
              {t(`sectors.${sector}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField label={t('auth.address')} autoComplete="street-address" {...field('address')} />
      <TextField label={t('auth.description')} multiline minRows={3} {...field('description')} />

      <Box>
        <Typography component="p" variant="body2" sx={{ mb: 1 }}>
          {t('auth.image')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {image && <Avatar src={image.thumbnailUrl} alt="" />}
          <Button component="label" variant="outlined" disabled={progress !== undefined}>
            {t('auth.chooseImage')}
            <input hidden type="file" accept="image/png,image/jpeg" onChange={chooseImage} />
          </Button>
          {image && (
            <>
              <Typography variant="body2">
                {t('auth.uploaded', { name: shortName(image.name, 5) })}
              </Typography>
              <Button size="small" onClick={() => setImage(undefined)}>
                {t('auth.removeImage')}
              </Button>
            </>
          )}
        </Stack>
        {progress !== undefined && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant="determinate"
              value={progress * 100}
              aria-label={t('auth.uploading', { percent: Math.round(progress * 100) })}
            />
            <Typography variant="body2">
              {t('auth.uploading', { percent: Math.round(progress * 100) })}
            </Typography>
          </Box>
        )}
        {(imageError ?? errors.imageUploadId) && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {imageError ?? errors.imageUploadId}
          </Alert>
        )}
      </Box>

      <LocationFields
        value={point}
        onChange={setPoint}
        errors={errors}
        search={(pick) => (
          <AddressSearch
            onPick={(place) => {
              pick(place);
              // A place chosen is the address too, unless one was written.
              setForm((current) =>
                current.address.trim() ? current : { ...current, address: place.label },
              );
            }}
          />
        )}
      />
      <Typography variant="body2" color="text.secondary">
        {/* In a new tab, so what is typed here stays. */}
        <Trans
          i18nKey="auth.notice"
          components={{
            terms: <Link href="/terms" target="_blank" rel="noopener" />,
            privacy: <Link href="/privacy" target="_blank" rel="noopener" />,
          }}
        />
      </Typography>
      <Button type="submit" variant="contained" size="large">
        {t('auth.createAccount')}
      </Button>
    </CheckedForm>
  );
}
