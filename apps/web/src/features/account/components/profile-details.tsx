import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { PrivateUser } from '@maya/contracts';
import { Suspense } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { BlockedPeople } from '../../blocks';
import { MayaSettings } from '../../negotiation';
import { ServicesEditor } from '../../services';
import { DataControls } from './data-controls';
import { DescriptionForm } from './description-form';
import { EmailForm } from './email-form';
import { GalleryManager } from './gallery-manager';
import { LocationForm } from './location-form';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { PhotoForm } from './photo-form';
import { SectorForm } from './sector-form';
import { TraderForm } from './trader-form';

// Below the fold, with its own controls and strings: not part of the screen's first paint.
const NotificationsForm = lazy(() =>
  import('./notifications-form').then((module) => ({ default: module.NotificationsForm })),
);
// The decisions about the person: rare, and loaded apart from the screen (the moderation
// feature's index, which leaves the console's screens and the contract schemas out).
const MyDecisions = lazy(() =>
  import('../../moderation').then((module) => ({ default: module.MyDecisions })),
);
const DeviceNotifications = lazy(() =>
  import('./device-notifications').then((module) => ({ default: module.DeviceNotifications })),
);

/** The Profile Details tab: each section saves on its own. */
export function ProfileDetails({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  return (
    <>
      <Section id="personal" title={t('account.personal')}>
        <Stack spacing={3}>
          <PhotoForm user={user} />
          <NameForm user={user} />
          {user.role === 'seller' && <SectorForm user={user} />}
          <DescriptionForm user={user} />
          {user.role === 'seller' && <TraderForm user={user} />}
        </Stack>
      </Section>
      {user.role === 'seller' && (
        <Section id="services" title={t('services.title')}>
          <ServicesEditor />
        </Section>
      )}
      {user.role === 'seller' && (
        <Section id="maya" title={t('negotiation.title')}>
          <MayaSettings />
        </Section>
      )}
      <Section id="email" title={t('account.emailSection')}>
        <EmailForm user={user} />
      </Section>
      <Section id="notifications" title={t('account.notificationsSection')}>
        <Suspense fallback={<Skeleton variant="rounded" height={300} aria-hidden="true" />}>
          <NotificationsForm user={user} />
        </Suspense>
      </Section>
      <Section id="device-notifications" title={t('account.deviceNotificationsSection')}>
        <Suspense fallback={<Skeleton variant="rounded" height={72} aria-hidden="true" />}>
          <DeviceNotifications />
        </Suspense>
      </Section>
      <Section id="password" title={t('account.passwordSection')}>
        <PasswordForm />
      </Section>
      {user.role === 'seller' && (
        <Section id="gallery" title={t('account.gallery')}>
          <GalleryManager />
        </Section>
      )}
      <Section id="location" title={t('account.locationSection')}>
        <LocationForm user={user} />
      </Section>
      <Section id="blocked" title={t('blocks.listTitle')}>
        <BlockedPeople />
      </Section>
      <Suspense fallback={null}>
        <MyDecisions />
      </Suspense>
      <Section id="data" title={t('account.yourData')}>
        <DataControls />
      </Section>
    </>
  );
}
