import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatStamp } from '../../../lib/dates';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { readRestriction } from '../restriction';

/** Signed out by an operator's decision in this tab: why, until when, and where the appeal is. */
export default function RestrictionNotice() {
  const ready = useNamespace('moderation');
  const { t } = useTranslation('moderation');
  const restriction = readRestriction();
  if (!ready || !restriction) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: { xs: 1, md: 2 } }}
      data-testid="restriction-notice"
    >
      <AlertTitle>
        {restriction.state === 'suspended'
          ? t('restricted.suspended', {
              until: restriction.until ? formatStamp(restriction.until) : '',
            })
          : t('restricted.terminated')}
      </AlertTitle>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('restricted.reason', { facts: restriction.facts })}
      </Typography>
      <Typography variant="body2">{t('restricted.mail')}</Typography>
    </Alert>
  );
}
