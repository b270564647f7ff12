import BlockIcon from '@mui/icons-material/Block';
import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import MapIcon from '@mui/icons-material/Map';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { BlockAction } from '../../blocks';
import { StartDealButton } from '../../deals';
import { BusinessReviews, RatingSummary } from '../../reviews';
import { ProfileServices } from '../../services';
import { useOpenChat } from '../../chats';
import { ReportAction, ReportLink } from '../../reports';
import { SaveToggle } from '../../saved';
import { useSession } from '../../../lib/session';
import { useFirstInteraction } from '../../../lib/use-first-interaction';
import { useHydrated } from '../../../lib/use-hydrated';
import { useNearScreen } from '../../../lib/use-near-screen';
import { DocumentTitle } from '../../../components/document-title';
import { ProBadge } from './pro-badge';
import { ProfileMeta } from './profile-meta';
import { useProfile } from '../api/get-profile';

const LeafletMap = lazy(() =>
  import('../../../components/map/leaflet-map').then((module) => ({ default: module.LeafletMap })),
);

export function ProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // The profile is drawn in a background render that yields to the browser, not in the update
  // that delivers the answer.
  const profile = useDeferredValue(useProfile(id));
  const { user } = useSession();
  const openChat = useOpenChat();
  const navigate = useNavigate();
  // The page the server renders is the visitor's, without `saved`: a signed-in client reads the
  // profile again to learn whether they saved this business.
  const needsSaved =
    user?.role === 'buyer' && profile.data?.role === 'seller' && profile.data.saved === undefined;
  const { refetch } = profile;
  useEffect(() => {
    if (needsSaved) void refetch();
  }, [needsSaved, refetch]);

  if (profile.isPending) {
    return (
      <Container sx={{ py: 4 }}>
        <Skeleton variant="rounded" height={320} />
      </Container>
    );
  }
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && [400, 404].includes(profile.error.status);
    return (
      <Container sx={{ py: 6 }} maxWidth="sm">
        <Typography variant="h1" sx={{ fontSize: '2rem' }} gutterBottom>
          {missing ? t('profile.notFound') : t('errors.unexpected')}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {missing ? t('profile.notFoundHint') : profile.error.message}
        </Typography>
        <Button component={RouterLink} to={user ? '/sellers' : '/'} variant="contained">
          {t('profile.browse')}
        </Button>
      </Container>
    );
  }

  const seller = profile.data;
  const canChat = user && user.role !== seller.role && user.id !== seller.id;
  const canRequestQuote = user?.role === 'buyer' && seller.role === 'seller';
  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      {/* The same title the server gives the page it renders (src/prerender.tsx). */}
      <DocumentTitle page={seller.fullName} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }} component="article">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
          <Avatar
            src={seller.imageUrl ?? undefined}
            alt={seller.fullName}
            variant="rounded"
            sx={{ width: { xs: 160, md: 240 }, height: { xs: 160, md: 240 }, fontSize: 64 }}
          >
            {seller.firstName.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="h1" sx={{ fontSize: '2rem' }} data-first-content="">
                {seller.fullName}
              </Typography>
              {seller.pro && <ProBadge />}
              {seller.saved !== undefined && (
                <SaveToggle businessId={seller.id} name={seller.fullName} saved={seller.saved} />
              )}
            </Box>
            {seller.rating && (
              <Box sx={{ mb: 1 }}>
                <RatingSummary rating={seller.rating} />
              </Box>
            )}
            <ProfileMeta profile={seller} />
            <Typography component="h2" variant="h3" sx={{ mt: 2 }}>
              {t('profile.about')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', mt: 1 }}>{seller.description}</Typography>
            {typeof seller.trader === 'boolean' && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                {seller.trader ? t('services.trader') : t('services.notTrader')}
              </Typography>
            )}
            {seller.email && (
              <Typography sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
                <EmailIcon fontSize="small" aria-hidden />
                {/* A long address wraps on a phone instead of running off the card. */}
                <Link href={`mailto:${seller.email}`} sx={{ overflowWrap: 'anywhere' }}>
                  {seller.email}
                </Link>
              </Typography>
            )}
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
              {user ? (
                canChat && (
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={<ChatIcon />}
                    disabled={openChat.isPending}
                    onClick={() => openChat.mutate(seller.id)}
                  >
                    {t('profile.chatNow')}
                  </Button>
                )
              ) : (
                <Button
                  component={RouterLink}
                  to={`/buyerauth?next=${encodeURIComponent(`/sellers/${seller.id}`)}`}
                  variant="contained"
                  size="large"
                  startIcon={<ChatIcon />}
                >
                  {t('profile.signInToChat')}
                </Button>
              )}
              {/* A client asks this business for a quote: the move opens their chat. */}
              {canRequestQuote && (
                <StartDealButton
                  viewer={user}
                  partner={{ id: seller.id, name: seller.fullName }}
                  size="large"
                  onSent={(message) => void navigate(`/inbox/${message.chatId}`)}
                />
              )}
              {user && user.id !== seller.id && (
                <ReportAction
                  subject={{ kind: 'profile', userId: seller.id }}
                  name={seller.fullName}
                >
                  {(open) => (
                    <Button
                      variant="outlined"
                      size="large"
                      startIcon={<OutlinedFlagIcon />}
                      onClick={open}
                    >
                      {t('reports.report')}
                    </Button>
                  )}
                </ReportAction>
              )}
              {user && user.id !== seller.id && (
                <BlockAction
                  userId={seller.id}
                  name={seller.fullName}
                  onBlocked={() => void navigate('/sellers')}
                >
                  {(open) => (
                    <Button
                      variant="outlined"
                      color="error"
                      size="large"
                      startIcon={<BlockIcon />}
                      onClick={open}
                    >
                      {t('blocks.confirm')}
                    </Button>
                  )}
                </BlockAction>
              )}
            </Stack>
          </Box>
        </Box>

        {seller.services && <ProfileServices services={seller.services} />}

        {/* Read once the business has a published review: the profile says whether it has. */}
        {seller.rating && <BusinessReviews businessId={seller.id} name={seller.fullName} />}

        {seller.gallery && seller.gallery.length > 0 && (
          <Box component="section" sx={{ mt: 4 }} aria-labelledby="gallery-title">
            <Typography id="gallery-title" component="h2" variant="h3" gutterBottom>
              {t('profile.gallery')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
              }}
            >
              {seller.gallery.map((image) => (
                <a key={image.id} href={image.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={image.thumbnailUrl}
                    alt={image.name}
                    loading="lazy"
                    style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 8 }}
                  />
                </a>
              ))}
            </Box>
          </Box>
        )}

        {seller.location && (
          <Box component="section" sx={{ mt: 4 }} aria-labelledby="location-title">
            <Typography id="location-title" component="h2" variant="h3" gutterBottom>
              {t('profile.location')}
            </Typography>
            <ProfileMap
              id={seller.id}
              name={seller.fullName}
              location={seller.location}
              label={t('profile.mapLabel', { name: seller.fullName })}
              showLabel={t('profile.showMap')}
            />
          </Box>
        )}
      </Paper>
      <Box sx={{ mt: 1.5, textAlign: 'right' }}>
        <ReportLink path={`/sellers/${seller.id}`} />
      </Box>
      {!seller.location && seller.role === 'buyer' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {seller.description}
        </Alert>
      )}
    </Container>
  );
}

const MAP_HEIGHT = 300;

/**
 * The seller's map, as a facade: the place's address in the map's space until the person asks
 * for the map, or scrolls or touches the page with it near the screen. Its script and tiles then
 * load; until then the first screen is the page's own content, so a map tile (drawn late, from
 * another server) never becomes the page's largest paint.
 */
function ProfileMap({
  id,
  name,
  location,
  label,
  showLabel,
}: {
  id: string;
  name: string;
  location: { lat: number; lng: number; address: string };
  label: string;
  showLabel: string;
}) {
  const markers = useMemo(
    () => [{ id, lat: location.lat, lng: location.lng, title: name, subtitle: location.address }],
    [id, name, location],
  );
  // Drawn in the browser only: the page may arrive rendered by the server.
  const hydrated = useHydrated();
  const space = useRef<HTMLDivElement>(null);
  const near = useNearScreen(space);
  const interacted = useFirstInteraction();
  const [asked, setAsked] = useState(false);
  if (hydrated && (asked || (interacted && near))) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={MAP_HEIGHT} />}>
        <LeafletMap
          label={label}
          center={location}
          zoom={14}
          height={MAP_HEIGHT}
          markers={markers}
        />
      </Suspense>
    );
  }
  return (
    <Box
      ref={space}
      sx={{
        height: MAP_HEIGHT,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        p: 2,
        textAlign: 'center',
      }}
    >
      <Typography color="text.secondary">{location.address}</Typography>
      <Button variant="outlined" startIcon={<MapIcon />} onClick={() => setAsked(true)}>
        {showLabel}
      </Button>
    </Box>
  );
}
