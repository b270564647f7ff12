import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { prefetchContracts } from '../../../lib/contracts';
import { PlansBilling } from '../../billing';
import { ProfileDetails } from './profile-details';

export function AccountPage({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Plans are a business's: a client has the profile alone.
  const business = user.role === 'seller';
  const tab = business && params.get('tab') === 'plans' ? 'plans' : 'profile';
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {t('account.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: string) =>
          setParams(next === 'plans' ? { tab: 'plans' } : {}, { replace: true })
        }
        sx={{ mb: 3 }}
      >
        <Tab
          value="profile"
          label={t('account.profileTab')}
          id="tab-profile"
          aria-controls="panel-profile"
        />
        {business && (
          <Tab
            value="plans"
            label={t('account.plansTab')}
            id="tab-plans"
            aria-controls="panel-plans"
          />
        )}
      </Tabs>
      {/* The forms check their input with the contract schemas, loaded once a field is first
          focused (ready by the time it is sent), never with the screen. */}
      <Box
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        onFocus={prefetchContracts}
      >
        {tab === 'profile' ? <ProfileDetails user={user} /> : <PlansBilling user={user} />}
      </Box>
    </Box>
  );
}
