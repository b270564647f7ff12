import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PrivateUser, UsersPage } from '@maya/contracts';
import { Suspense, useEffect, useMemo, useRef, type ComponentProps } from 'react';
import { lazy } from '../../../lib/lazy';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SectorPrompt } from '../../account';
import { formatMoney } from '../../services';
import { useOpenChat } from '../../chats';
import { useHydrated } from '../../../lib/use-hydrated';
import { useDirectory } from '../api/find-users';
import { useDirectoryFilters } from '../hooks/use-directory-filters';
import { DirectoryFiltersBar } from './directory-filters';
import { UserCard } from './user-card';

const LeafletMap = lazy(() =>
  import('../../../components/map/leaflet-map').then((module) => ({ default: module.LeafletMap })),
);

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' },
};

function SkeletonCard() {
  return (
    <Card variant="outlined" aria-hidden>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
          <Skeleton variant="circular" width={56} height={56} />
          <Skeleton width="60%" />
        </Box>
        <Skeleton />
        <Skeleton width="40%" />
        <Skeleton variant="rounded" width={110} height={36} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}

/**
 * The results map. Leaflet needs a browser: the map is drawn once the page is live, never by the
 * server. The check lives here, not in the page: the update that follows hydration re-renders
 * only this part, not the page and every card (a long task on a phone).
 */
function DirectoryMap(
  props: Omit<ComponentProps<typeof LeafletMap>, 'height' | 'fitMarkers' | 'cluster'>,
) {
  const hydrated = useHydrated();
  if (!hydrated) return <Skeleton variant="rounded" height={480} />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={480} />}>
      <LeafletMap {...props} height={480} fitMarkers cluster />
    </Suspense>
  );
}

/** The directory of the other role: buyers see sellers, sellers see buyers. */
export function DirectoryPage({ user }: { user: PrivateUser }) {
  const { t, i18n } = useTranslation();
  /** What the search read of a budget typed in its words, said beside the count. */
  const budgetText = (budget: NonNullable<UsersPage['understood']>['budget'] & object) => {
    if (budget.max === undefined) {
      return t(budget.level === 'high' ? 'directory.budgetHighFirst' : 'directory.budgetLowFirst');
    }
    const amount = budget.currency
      ? formatMoney(budget.max, budget.currency, i18n.language)
      : new Intl.NumberFormat(i18n.language).format(budget.max / 100);
    const price = budget.unit ? `${amount} ${t(`services.units.${budget.unit}`)}` : amount;
    return t(budget.within ? 'directory.budgetWithinFirst' : 'directory.budgetNoneWithin', {
      price,
    });
  };
  const role = user.role === 'buyer' ? 'seller' : 'buyer';
  const { filters, update, view, setView, radii } = useDirectoryFilters(role);
  const directory = useDirectory(filters);
  const openChat = useOpenChat();
  const navigate = useNavigate();
  const sentinel = useRef<HTMLDivElement>(null);
  const pages = directory.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const first = pages?.[0];
  const chatNow = t('directory.chatNow');
  const { mutate: startChat } = openChat;
  // The same array until the list changes, so the map refits only when there is more to show.
  const markers = useMemo(
    () =>
      items.flatMap((item) =>
        item.location
          ? [
              {
                id: item.id,
                lat: item.location.lat,
                lng: item.location.lng,
                title: item.fullName,
                subtitle: item.location.address,
                href: item.role === 'seller' ? `/sellers/${item.id}` : undefined,
                action: { label: chatNow, onClick: () => startChat(item.id) },
              },
            ]
          : [],
      ),
    [items, chatNow, startChat],
  );
  const home = user.location ? { lat: user.location.lat, lng: user.location.lng } : null;
  // What the count says is what the cards show: the exact matches, and the close ones beside.
  const close = items.filter((item) => item.match?.complete === false).length;
  const exact = items.length - close;
  const countText = (() => {
    if (!first?.total) return null;
    if (close > 0 || first.total.count < items.length) {
      return close > 0
        ? t('directory.countExactClose', {
            exact: t('directory.exact', { count: exact }),
            close: t('directory.close', { count: close }),
          })
        : t('directory.count', { count: items.length });
    }
    return first.total.capped
      ? t('directory.countCapped', { count: first.total.count })
      : t('directory.count', { count: first.total.count });
  })();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = directory;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h1" sx={{ fontSize: '2rem' }}>
            {role === 'seller' ? t('directory.sellersTitle') : t('directory.buyersTitle')}
          </Typography>
          <Typography color="text.secondary">
            {role === 'seller' ? t('directory.sellersIntro') : t('directory.buyersIntro')}
          </Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: 'list' | 'map' | null) => next && setView(next)}
        >
          <ToggleButton value="list">{t('directory.list')}</ToggleButton>
          <ToggleButton value="map">{t('directory.map')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <SectorPrompt user={user} />
      <DirectoryFiltersBar filters={filters} radii={radii} onChange={update} home={home} />

      <Typography component="h2" sx={visuallyHidden}>
        {t('directory.results')}
      </Typography>
      {directory.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void directory.refetch()}>{t('directory.retry')}</Button>}
        >
          {t('directory.error')}
        </Alert>
      )}
      {!directory.isPending && countText && items.length > 0 && (
        <Typography color="text.secondary" sx={{ mb: 1.5 }} role="status">
          {countText}
          {first?.understood?.place &&
            ` ${t('directory.countNear', { place: first.understood.place.name })}`}
          {first?.understood?.budget && ` · ${budgetText(first.understood.budget)}`}
        </Typography>
      )}
      {/* Said once for the page, not on every card's price. */}
      {!directory.isPending && items.some((item) => item.fromPrice) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('services.vatIncluded')}
        </Typography>
      )}
      {!directory.isPending &&
        items.length > 0 &&
        items.every((item) => item.match?.complete === false) && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('directory.partialNotice')}
          </Alert>
        )}
      {directory.isPending ? (
        <Box sx={grid} role="status" aria-label={t('errors.loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            <SkeletonCard key={index} />
          ))}
        </Box>
      ) : items.length === 0 && !directory.isError ? (
        <Alert severity="info">
          {filters.minPrice !== null || filters.maxPrice !== null || filters.unit
            ? t('directory.emptyBudget')
            : filters.near || first?.understood?.place
              ? t('directory.emptyNear')
              : t('directory.empty')}
        </Alert>
      ) : view === 'map' ? (
        <DirectoryMap
          label={t('directory.mapLabel')}
          clusterLabel={(count) => t('directory.cluster', { count })}
          zoom={filters.near ? 10 : 4}
          center={
            filters.near ??
            home ?? { lat: items[0]?.location?.lat ?? 56, lng: items[0]?.location?.lng ?? 56 }
          }
          markers={markers}
          onFollow={(href) => void navigate(href)}
        />
      ) : (
        <Box sx={grid} data-first-content="">
          {items.map((profile) => (
            <UserCard
              key={profile.id}
              profile={profile}
              opening={openChat.isPending}
              onChat={() => openChat.mutate(profile.id)}
              signedIn
            />
          ))}
        </Box>
      )}
      <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        {hasNextPage && (
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('directory.loadingMore') : t('directory.loadMore')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
