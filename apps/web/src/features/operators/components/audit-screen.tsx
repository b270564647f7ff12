import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditRow } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatDay, formatTime } from '../../../lib/dates';
import { useAuditLog, useAuditVerification } from '../api/audit';

/** The audit log, newest first, with the state of its hash chain above it. */
export function AuditScreen() {
  const { t } = useTranslation('operators');
  const log = useAuditLog();
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {t('audit.title')}
      </Typography>
      <Typography color="text.secondary">{t('audit.intro')}</Typography>
      <ChainState />
      {log.isLoading ? (
        <PageLoader />
      ) : log.error ? (
        <Alert severity="error">{t('audit.failed')}</Alert>
      ) : rows.length === 0 ? (
        <Typography>{t('audit.empty')}</Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <AuditEntry key={row.seq} row={row} />
          ))}
        </Stack>
      )}
      {log.hasNextPage && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {t('audit.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function ChainState() {
  const { t } = useTranslation('operators');
  const verification = useAuditVerification();
  if (!verification.data) {
    return (
      <Alert severity="info" role="status">
        {verification.error ? t('audit.failed') : t('audit.checking')}
      </Alert>
    );
  }
  const { intact, rows, brokenAt } = verification.data;
  return intact ? (
    <Alert severity="success" role="status">
      {t('audit.intact', { count: rows })}
    </Alert>
  ) : (
    <Alert severity="error" role="alert">
      {t('audit.broken', { seq: brokenAt })}
    </Alert>
  );
}

function AuditEntry({ row }: { row: AuditRow }) {
  const { t } = useTranslation('operators');
  const details = Object.keys(row.details).length ? JSON.stringify(row.details) : '';
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.25, sm: 2 }}
        sx={{ alignItems: { sm: 'baseline' } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 80 }}>
          {t('audit.row', { seq: row.seq })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
          <time dateTime={row.at}>
            {formatDay(row.at)} {formatTime(row.at)}
          </time>
        </Typography>
        <Typography sx={{ fontWeight: 700, fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {row.action}
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {t('audit.by', { who: row.operatorEmail ?? row.operatorId ?? t('audit.shell') })}
        </Typography>
      </Stack>
      {row.subjectUserId && (
        <Typography variant="body2">{t('audit.subject', { id: row.subjectUserId })}</Typography>
      )}
      {row.reason && (
        <Typography variant="body2">{t('audit.reason', { reason: row.reason })}</Typography>
      )}
      {row.evidenceIds.length > 0 && (
        <Typography variant="body2">
          {t('audit.evidence', { ids: row.evidenceIds.join(', ') })}
        </Typography>
      )}
      {details && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mt: 0.5 }}
        >
          {details}
        </Typography>
      )}
    </Paper>
  );
}
