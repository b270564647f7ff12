import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { DealTab, PrivateUser } from '@maya/contracts';
import { dealTabs } from '@maya/contracts/deal-process';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useDeals } from '../api/get-deals';
import { useDealsLive } from '../hooks/use-deals-live';
import { DealListItem } from './deal-list-item';

// The deal's course from the accept on, then the quotes still being negotiated.
const TABS: DealTab[] = ['upcoming', 'delivered', 'completed', 'cancelled', 'negotiating'];
const isTab = (value: string | null): value is DealTab =>
  value !== null && Object.hasOwn(dealTabs, value);

/**
 * /deals: the viewer's deals by where they stand (upcoming, delivered, completed, cancelled, and
 * the quotes still negotiated), each with both people, the service, the price and the date, and
 * the moves the viewer may take; kept live by the chats' socket.
 */
export function DealsPage({ user }: { user: PrivateUser }) {
  const ready = useNamespace('deals');
  const { t } = useTranslation('deals');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: DealTab = isTab(requested) ? requested : 'upcoming';
  useDealsLive();

  if (!ready) return <Skeleton variant="rounded" height={240} sx={{ m: 3 }} />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 1 }}>
        {t('page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: user.role === 'buyer' ? 1 : 2 }}>
        {t('page.intro')}
      </Typography>
      {/* A client's briefs: the quotes Maya gathered, each deal of which is also listed here. */}
      {user.role === 'buyer' && (
        <Button component={RouterLink} to="/briefs" size="small" sx={{ mb: 1 }}>
          {t('briefs.entry.myBriefs')}
        </Button>
      )}
      <Tabs
        value={tab}
        onChange={(_event, next: DealTab) =>
          setParams(next === 'upcoming' ? {} : { tab: next }, { replace: true })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('page.title')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`page.tabs.${name}`)}
            id={`deals-tab-${name}`}
            aria-controls={`deals-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`deals-panel-${tab}`} aria-labelledby={`deals-tab-${tab}`}>
        <DealsTab key={tab} tab={tab} user={user} />
      </Box>
    </Box>
  );
}

function DealsTab({ tab, user }: { tab: DealTab; user: PrivateUser }) {
  const { t } = useTranslation('deals');
  const deals = useDeals(tab);
  const items = deals.data?.pages.flatMap((page) => page.items) ?? [];

  if (deals.isPending) {
    return (
      <Stack spacing={2} aria-hidden="true">
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (deals.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void deals.refetch()}>
            {t('page.retry')}
          </Button>
        }
      >
        {t('page.loadFailed')}
      </Alert>
    );
  }
  if (items.length === 0) {
    return <Typography color="text.secondary">{t(`page.empty.${tab}`)}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {items.map((deal) => (
        <DealListItem key={deal.id} deal={deal} viewer={user} />
      ))}
      {/* Every price above is a total: said once, not on each deal. */}
      <Typography variant="body2" color="text.secondary">
        {t('vatIncluded')}
      </Typography>
      {deals.hasNextPage && (
        <Box>
          <Button onClick={() => void deals.fetchNextPage()} disabled={deals.isFetchingNextPage}>
            {t('page.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
