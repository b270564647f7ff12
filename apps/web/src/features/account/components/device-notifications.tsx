import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { pushSupported } from '../../../lib/push';
import { usePushConfig } from '../api/get-push-config';
import { useDeviceSubscribed } from '../api/get-push-subscription';
import { useSwitchDevicePush } from '../api/save-push-subscription';

const HEIGHT = 72;

/**
 * "Notifications on this device": web push about new messages, off until the person switches it
 * on here (the browser asks its permission on that click, never before). Only where the server
 * sends push (VAPID keys configured) and the browser can show it; otherwise it says why.
 */
export function DeviceNotifications() {
  const { t } = useTranslation('notifications');
  const ready = useNamespace('notifications');
  const config = usePushConfig();
  const supported = pushSupported();
  const publicKey = config.data?.publicKey;
  const subscribed = useDeviceSubscribed(supported && Boolean(publicKey));

  if (!ready || config.isPending) {
    return <Skeleton variant="rounded" height={HEIGHT} aria-hidden="true" />;
  }
  if (config.isError) return <Alert severity="error">{t('push.loadFailed')}</Alert>;
  if (!publicKey) return <Alert severity="info">{t('push.notConfigured')}</Alert>;
  if (!supported) return <Alert severity="info">{t('push.unsupported')}</Alert>;
  if (subscribed.isPending)
    return <Skeleton variant="rounded" height={HEIGHT} aria-hidden="true" />;
  return <DeviceSwitch publicKey={publicKey} subscribed={subscribed.data === true} />;
}

function DeviceSwitch({ publicKey, subscribed }: { publicKey: string; subscribed: boolean }) {
  const { t } = useTranslation('notifications');
  const change = useSwitchDevicePush();
  const [denied, setDenied] = useState(() => Notification.permission === 'denied');

  const toggle = (on: boolean) =>
    change.mutate(
      { on, publicKey },
      {
        onSuccess: (state) => {
          if (state === 'denied') setDenied(true);
          else if (state === 'on') toast.success(t('push.turnedOn'));
          else if (state === 'off') toast.success(t('push.turnedOff'));
        },
        onError: () => toast.error(t('push.failed')),
      },
    );

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('push.about')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={subscribed}
            disabled={change.isPending || (denied && !subscribed)}
            onChange={(event) => toggle(event.target.checked)}
          />
        }
        label={t('push.switch')}
      />
      {denied && (
        <Alert severity="warning" role="status">
          {t('push.denied')}
        </Alert>
      )}
    </Stack>
  );
}
