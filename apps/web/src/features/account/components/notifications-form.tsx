import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { MessageMail, NotificationSettings, PrivateUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { mailLanguageOf } from '../../../lib/i18n/mail-language';

const choices: MessageMail[] = ['off', 'digest', 'each'];
/** About the height of the form, for the placeholders while it loads. */
const FORM_HEIGHT = 300;

/**
 * Mail about unread messages: how often, with or without the text; sent to a confirmed address
 * only. Loaded lazily by the page, with its strings (namespace `notifications`).
 */
export function NotificationsForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation('notifications');
  const ready = useNamespace('notifications');
  const settings = useNotificationSettings();
  if (!ready) return <Skeleton variant="rounded" height={FORM_HEIGHT} aria-hidden="true" />;
  return (
    <Stack spacing={2}>
      {user.emailVerified ? (
        <Typography variant="body2" color="text.secondary">
          {t('sentTo', { email: user.email })}
        </Typography>
      ) : (
        <Alert severity="warning">{t('unconfirmed', { email: user.email })}</Alert>
      )}
      {settings.data ? (
        <SettingsFields saved={settings.data} />
      ) : settings.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : (
        <Skeleton variant="rounded" height={FORM_HEIGHT - 40} aria-hidden="true" />
      )}
    </Stack>
  );
}

function SettingsFields({ saved }: { saved: NotificationSettings }) {
  const { t, i18n } = useTranslation('notifications');
  const update = useUpdateNotificationSettings();
  const [messageMail, setMessageMail] = useState(saved.messageMail);
  const [messageText, setMessageText] = useState(saved.messageText);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      // The mails speak the language the person is reading now.
      { messageMail, messageText, language: mailLanguageOf(i18n.language) ?? saved.language },
      {
        onSuccess: () => toast.success(t('saved')),
        onError: () => toast.error(t('saveFailed')),
      },
    );
  };

  return (
    <Stack component="form" onSubmit={save} spacing={2} noValidate>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('legend')}</FormLabel>
        <RadioGroup
          name="messageMail"
          value={messageMail}
          onChange={(event) => setMessageMail(event.target.value as MessageMail)}
        >
          {choices.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(choice)} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={messageText}
            onChange={(event) => setMessageText(event.target.checked)}
            disabled={messageMail === 'off'}
          />
        }
        label={t('messageText')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('save')}
        </Button>
      </Box>
    </Stack>
  );
}
