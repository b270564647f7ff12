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
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { mailLanguageOf } from '../mail-language';

const choices: MessageMail[] = ['off', 'digest', 'each'];

/** Mail about unread messages: how often, with or without the text; sent to a confirmed address only. */
export function NotificationsForm({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <Stack spacing={2}>
      {user.emailVerified ? (
        <Typography variant="body2" color="text.secondary">
          {t('account.notifications.sentTo', { email: user.email })}
        </Typography>
      ) : (
        <Alert severity="warning">
          {t('account.notifications.unconfirmed', { email: user.email })}
        </Alert>
      )}
      {settings.data ? (
        <SettingsFields saved={settings.data} />
      ) : settings.isError ? (
        <Alert severity="error">{t('account.notifications.loadFailed')}</Alert>
      ) : (
        <Skeleton variant="rounded" height={220} aria-hidden="true" />
      )}
    </Stack>
  );
}

function SettingsFields({ saved }: { saved: NotificationSettings }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateNotificationSettings();
  const [messageMail, setMessageMail] = useState(saved.messageMail);
  const [messageText, setMessageText] = useState(saved.messageText);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      // The mails speak the language the person is reading now.
      { messageMail, messageText, language: mailLanguageOf(i18n.language) ?? saved.language },
      {
        onSuccess: () => toast.success(t('account.notifications.saved')),
        onError: () => toast.error(t('account.saveFailed')),
      },
    );
  };

  return (
    <Stack component="form" onSubmit={save} spacing={2} noValidate>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('account.notifications.legend')}</FormLabel>
        <RadioGroup
          name="messageMail"
          value={messageMail}
          onChange={(event) => setMessageMail(event.target.value as MessageMail)}
        >
          {choices.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio />}
              label={t(`account.notifications.${choice}`)}
            />
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
        label={t('account.notifications.messageText')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('account.notifications.save')}
        </Button>
      </Box>
    </Stack>
  );
}
