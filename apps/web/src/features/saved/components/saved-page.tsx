import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@maya/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useOpenChat } from '../../chats';
import { useSaved } from '../api/find-saved';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' },
};

/** The directory's card, which the route passes in (app/ composes features). */
export type SavedCard = ComponentType<{
  profile: PublicProfile;
  onChat: () => void;
  opening: boolean;
  signedIn?: boolean;
}>;

/** /saved: the businesses a client saved, as the directory's cards, the latest first. */
export function SavedPage({ Card }: { Card: SavedCard }) {
  const ready = useNamespace('saved');
  const { t } = useTranslation('saved');
  const { t: common } = useTranslation();
  const saved = useSaved();
  const openChat = useOpenChat();
  const items = saved.data?.pages.flatMap((page) => page.items) ?? [];

  if (!ready) return <Skeleton variant="rounded" height={240} sx={{ m: 3 }} />;

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: '2rem' }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {saved.isPending ? (
        <Box sx={grid} aria-hidden>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={200} />
          ))}
        </Box>
      ) : saved.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
          <BookmarkBorderIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
            {t('emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('emptyText')}
          </Typography>
          <Button component={RouterLink} to="/sellers" variant="contained">
            {t('browse')}
          </Button>
        </Paper>
      ) : (
        <Box sx={grid} data-first-content="">
          {items.map((profile) => (
            <Card
              key={profile.id}
              profile={profile}
              opening={openChat.isPending}
              onChat={() => openChat.mutate(profile.id)}
              signedIn
            />
          ))}
        </Box>
      )}
      {saved.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <Button onClick={() => void saved.fetchNextPage()} disabled={saved.isFetchingNextPage}>
            {saved.isFetchingNextPage
              ? common('directory.loadingMore')
              : common('directory.loadMore')}
          </Button>
        </Box>
      )}
    </Container>
  );
}
