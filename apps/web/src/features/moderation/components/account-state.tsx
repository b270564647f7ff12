import Chip from '@mui/material/Chip';
import type { AccountStatus } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { formatStamp } from '../../../lib/dates';

/** An account's strongest restriction in force, as a label. */
export function AccountState({ status }: { status: AccountStatus }) {
  const { t } = useTranslation('moderation');
  const label = t(`states.${status.state}`, {
    until: status.suspendedUntil ? formatStamp(status.suspendedUntil) : '',
    at: status.terminatesAt ? formatStamp(status.terminatesAt) : '',
  });
  return (
    <Chip
      size="small"
      label={label}
      color={
        status.state === 'active' ? 'success' : status.state === 'hidden' ? 'warning' : 'error'
      }
      variant="outlined"
    />
  );
}
