import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { formatDay } from '../../../lib/dates';
import { useBlockChange } from '../api/blocks';

/**
 * The line a blocker's chat shows in place of the message box: whom they blocked and when, with
 * Unblock at hand, so a block is never invisible.
 */
export function BlockLine({
  userId,
  name,
  blockedAt,
}: {
  userId: string;
  name: string;
  blockedAt: string;
}) {
  const ready = useNamespace('blocks');
  const { t } = useTranslation('blocks');
  const change = useBlockChange();
  if (!ready) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ m: 1.5, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={change.isPending}
          onClick={() => change.mutate({ userId, blocked: false })}
        >
          {t('unblock')}
        </Button>
      }
    >
      {t('line', { name, date: formatDay(blockedAt) })}
    </Alert>
  );
}
