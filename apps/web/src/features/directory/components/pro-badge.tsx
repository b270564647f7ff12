import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The "Pro" mark of a business on the Pro plan, beside its name wherever it is shown. */
export function ProBadge() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="primary"
      icon={<WorkspacePremiumIcon aria-hidden />}
      label={t('billing.pro')}
      title={t('directory.proMark')}
      aria-label={t('directory.proMark')}
      sx={{ fontWeight: 700, flexShrink: 0 }}
    />
  );
}
