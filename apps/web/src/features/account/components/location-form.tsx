import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PrivateUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { LocationFields, parsePoint } from '../../../components/location-fields';
import { AddressSearch } from '../../places';
import { useUpdateProfile } from '../api/update-profile';
import { useFieldErrors } from '../hooks/use-field-errors';

/** The address and the map point the directory measures distances from. */
export function LocationForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const profile = useUpdateProfile();
  const [address, setAddress] = useState(user.location?.address ?? '');
  const [point, setPoint] = useState({
    lat: user.location ? String(user.location.lat) : '',
    lng: user.location ? String(user.location.lng) : '',
  });
  const { errors, setErrors, failed, formRef } = useFieldErrors();

  const save = (event: FormEvent) => {
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
    <Stack component="form" ref={formRef} onSubmit={save} spacing={2} noValidate>
      <TextField
        label={t('account.address')}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        error={Boolean(errors['location.address'])}
        helperText={errors['location.address']}
        autoComplete="street-address"
      />
      <LocationFields
        value={point}
        onChange={setPoint}
        errors={errors}
        mapHeight={500}
        mapWhenNear
        search={(pick) => (
          <AddressSearch
            onPick={(place) => {
              pick(place);
              // A place chosen is the address too, unless one was written.
              setAddress((current) => (current.trim() ? current : place.label));
            }}
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={profile.isPending}>
          {t('account.save')}
        </Button>
      </Box>
    </Stack>
  );
}
