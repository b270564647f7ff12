import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PrivateUser } from '@maya/contracts';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../components/field-errors';
import { useChangePhoto } from '../api/change-photo';

/** The account's current photo (a client) or logo (a business), and a button to change it. */
export function PhotoForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const change = useChangePhoto();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const business = user.role === 'seller';

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    change.mutate(file, {
      onSuccess: () =>
        toast.success(business ? t('account.logoChanged') : t('account.photoChanged')),
    });
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Avatar
        src={user.thumbnailUrl ?? undefined}
        alt={business ? t('account.currentLogo') : t('account.currentPhoto')}
        sx={{ width: 72, height: 72 }}
        data-testid="account-photo"
      >
        {user.fullName.slice(0, 1)}
      </Avatar>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          onChange={picked}
          data-testid="account-photo-input"
        />
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={change.isPending}
          aria-describedby={hintId}
          sx={{ alignSelf: 'flex-start' }}
        >
          {change.isPending
            ? t('account.photoSaving')
            : business
              ? t('account.changeLogo')
              : t('account.changePhoto')}
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {t('account.photoHint')}
        </Typography>
      </Stack>
      {change.isError && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {errorMessage(change.error, t('account.photoFailed'))}
        </Alert>
      )}
    </Stack>
  );
}
