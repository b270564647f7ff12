import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BriefSummary, PrivateUser } from '@maya/contracts';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '../../../components/document-title';
import { formatDay } from '../../../lib/dates';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useBriefs } from '../api/get-briefs';
import { AnswerChip } from './answer-chip';
import { useBriefsTranslation, WORDS } from '../utils/words';

/** /briefs: the buyer's briefs, newest first, each with how many have answered. */
export function BriefsPage({ user }: { user: PrivateUser }) {
  const ready = useNamespace(WORDS);
  const { t } = useBriefsTranslation();

  if (!ready) return <Skeleton variant="rounded" height={240} sx={{ m: 3 }} />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <DocumentTitle page={t('list.title')} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}>
        {t('list.title')}
      </Typography>
      {user.role === 'buyer' ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('list.intro')}
          </Typography>
          <BriefList />
        </>
      ) : (
        <Typography color="text.secondary">{t('list.clientsOnly')}</Typography>
      )}
    </Box>
  );
}

function BriefList() {
  const { t } = useBriefsTranslation();
  const briefs = useBriefs();
  const items = briefs.data?.pages.flatMap((page) => page.items) ?? [];

  if (briefs.isPending) {
    return (
      <Stack spacing={2} aria-hidden="true">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  }
  if (briefs.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void briefs.refetch()}>
            {t('list.retry')}
          </Button>
        }
      >
        {t('list.loadFailed')}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography color="text.secondary">{t('list.empty')}</Typography>
        <Button component={RouterLink} to="/assistant" variant="outlined">
          {t('list.start')}
        </Button>
      </Box>
    );
  }
  return (
    <Stack spacing={2}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {items.map((brief) => (
          <BriefItem key={brief.id} brief={brief} />
        ))}
      </Box>
      {briefs.hasNextPage && (
        <Box>
          <Button onClick={() => void briefs.fetchNextPage()} disabled={briefs.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function BriefItem({ brief }: { brief: BriefSummary }) {
  const { t } = useBriefsTranslation();
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography
          sx={{
            fontWeight: 600,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {brief.need}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('list.sentOn', { date: formatDay(brief.createdAt) })}
        </Typography>
      </Box>
      {brief.acceptedDealId ? (
        <AnswerChip answer="accepted" />
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('list.answered', { answered: brief.answered, of: brief.of })}
        </Typography>
      )}
      <Button component={RouterLink} to={`/briefs/${brief.id}`} size="small" variant="outlined">
        {t('list.open')}
        <Box component="span" sx={visuallyHidden}>
          {`: ${brief.need.slice(0, 60)}`}
        </Box>
      </Button>
    </Paper>
  );
}
