import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { ownServicesQuery } from '../../services';
import { useQuery } from '@tanstack/react-query';
import { useNegotiationSettings } from '../api/get-negotiation-settings';
import { MayaSettingsForm } from './maya-settings-form';

/** The section's content once its settings and the business's services are read. */
export function MayaSettings() {
  const { t } = useTranslation('negotiation');
  const settings = useNegotiationSettings();
  const services = useQuery(ownServicesQuery);
  if (settings.isError || services.isError) {
    return <Alert severity="error">{t('loadFailed')}</Alert>;
  }
  if (!settings.data || !services.data) {
    return <Skeleton variant="rounded" height={480} aria-hidden="true" />;
  }
  return <MayaSettingsForm saved={settings.data} services={services.data.items} />;
}
