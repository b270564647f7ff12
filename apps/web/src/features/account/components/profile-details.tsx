import Stack from '@mui/material/Stack';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { DataControls } from './data-controls';
import { DescriptionForm } from './description-form';
import { EmailForm } from './email-form';
import { GalleryManager } from './gallery-manager';
import { LocationForm } from './location-form';
import { NameForm } from './name-form';
import { NotificationsForm } from './notifications-form';
import { PasswordForm } from './password-form';
import { SectorForm } from './sector-form';

/** The Profile Details tab: each section saves on its own. */
export function ProfileDetails({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  return (
    <>
      <Section id="personal" title={t('account.personal')}>
        <Stack spacing={3}>
          <NameForm user={user} />
          {user.role === 'seller' && <SectorForm user={user} />}
          <DescriptionForm user={user} />
        </Stack>
      </Section>
      <Section id="email" title={t('account.emailSection')}>
        <EmailForm user={user} />
      </Section>
      <Section id="notifications" title={t('account.notificationsSection')}>
        <NotificationsForm user={user} />
      </Section>
      <Section id="password" title={t('account.passwordSection')}>
        <PasswordForm />
      </Section>
      <Section id="gallery" title={t('account.gallery')}>
        <GalleryManager />
      </Section>
      <Section id="location" title={t('account.locationSection')}>
        <LocationForm user={user} />
      </Section>
      <Section id="data" title={t('account.yourData')}>
        <DataControls />
      </Section>
    </>
  );
}
