import Alert from '@mui/material/Alert';
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
  // The address written before a town was chosen that did not match it, offered back.
  const [replaced, setReplaced] = useState<string>();

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
        onChange={(event) => {
          setAddress(event.target.value);
          setReplaced(undefined);
        }}
        error={Boolean(errors['location.address'])}
        helperText={errors['location.address']}
        autoComplete="street-address"
      />
      {replaced !== undefined && (
        <Alert
          severity="info"
          data-testid="address-replaced"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setAddress(replaced);
                setReplaced(undefined);
              }}
            >
              {t('account.keepOldAddress')}
            </Button>
          }
        >
          {t('account.addressFollowsTown', { address, previous: replaced })}
        </Alert>
      )}
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
              // The address follows the town chosen, so the profile never names one town while
              // distances are measured from another. An address already in that town stays; one
              // elsewhere is replaced, and offered back in case it was only the pin that moved.
              const current = address.trim();
              const inTown = current.toLocaleLowerCase().includes(place.name.toLocaleLowerCase());
              if (current && inTown) return setReplaced(undefined);
              setReplaced(current || undefined);
              setAddress(place.label);
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
