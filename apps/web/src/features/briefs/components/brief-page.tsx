import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '../../../components/document-title';
import { ApiError } from '../../../lib/api-client';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useBrief } from '../api/get-brief';
import { BriefTerms } from './brief-terms';
import { BriefWaiting } from './brief-waiting';
import { MayaLabel } from './maya-label';
import { RankedOffers } from './ranked-offers';
import { useBriefsTranslation, WORDS } from '../utils/words';

/**
 * /briefs/:id: the brief's terms, then Maya's comparison: while businesses are still to answer,
 * how many have and where each stands; once none is left waiting, the offers ranked, her
 * recommendation marked, each to accept or discuss in its chat.
 */
export function BriefPage({ id }: { id: string }) {
  const ready = useNamespace(WORDS);
  const { t } = useBriefsTranslation();
  const brief = useBrief(id);

  if (!ready || brief.isPending) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} aria-hidden="true">
        <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  const back = (
    <Button component={RouterLink} to="/briefs" size="small" sx={{ px: 0, mb: 1 }}>
      {t('brief.back')}
    </Button>
  );
  if (brief.isError) {
    const missing = brief.error instanceof ApiError && brief.error.status === 404;
    return (
      <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
        {back}
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void brief.refetch()}>
                {t('brief.retry')}
              </Button>
            )
          }
        >
          {t(missing ? 'brief.notFound' : 'brief.loadFailed')}
        </Alert>
      </Box>
    );
  }
  const { comparison } = brief.data;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960, display: 'grid', gap: 3 }}>
      <DocumentTitle page={t('brief.title')} />
      <Box>
        {back}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2 }}>
          {t('brief.title')}
        </Typography>
        <BriefTerms brief={brief.data} />
      </Box>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="brief-comparison"
        sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 2 }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            id="brief-comparison"
            component="h2"
            sx={{ fontSize: '1.25rem', fontWeight: 700 }}
          >
            {t('brief.comparison')}
          </Typography>
          <MayaLabel />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('brief.fairness')}
        </Typography>
        {comparison.state === 'waiting' ? (
          <BriefWaiting brief={brief.data} answered={comparison.answered} of={comparison.of} />
        ) : (
          <RankedOffers brief={brief.data} comparison={comparison} />
        )}
      </Paper>
    </Box>
  );
}
