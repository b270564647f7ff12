import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { formatStamp } from '../../../lib/dates';
import { useReportGroups } from '../api/console';
import { ReportDetail } from './report-detail';

/** The console's reports: the queue at /admin/reports, one report at /admin/reports/:id. */
export function ReportsScreen() {
  return (
    <Routes>
      <Route index element={<ReportQueue />} />
      <Route path=":id" element={<ReportDetail />} />
    </Routes>
  );
}

function ReportQueue() {
  const { t } = useTranslation('moderation');
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const groups = useReportGroups(status);

  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {t('queue.title')}
      </Typography>
      <Typography color="text.secondary">{t('queue.intro')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label={t('queue.status')}
        onChange={(_event, next: 'open' | 'resolved' | null) => next && setStatus(next)}
      >
        <ToggleButton value="open">{t('queue.open')}</ToggleButton>
        <ToggleButton value="resolved">{t('queue.resolved')}</ToggleButton>
      </ToggleButtonGroup>
      {groups.isLoading ? (
        <PageLoader />
      ) : groups.error ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !groups.data?.groups.length ? (
        <Typography>{t('queue.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {groups.data.groups.map((group) => (
            <Paper
              component="li"
              key={group.subject?.id ?? group.reportIds[0]}
              variant="outlined"
              sx={{ p: 2 }}
            >
              <Typography variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
                {group.subject
                  ? `${group.subject.name} · ${group.subject.email}`
                  : t('queue.noMember')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('queue.count', { count: group.count })} ·{' '}
                {t('queue.newest', { date: formatStamp(group.newestAt) })}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
                {group.reasons.map((reason) => (
                  <Chip key={reason} size="small" label={t(`reasons.${reason}`)} />
                ))}
              </Stack>
              <Stack component="ul" spacing={0.5} sx={{ pl: 2, m: 0 }}>
                {group.reportIds.map((id, index) => (
                  <li key={id}>
                    <Link component={RouterLink} to={id}>
                      {t('queue.reportN', { n: index + 1 })}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
