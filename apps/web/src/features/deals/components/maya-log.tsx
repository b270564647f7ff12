import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Currency, MayaLog as MayaLogAnswer } from '@maya/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatStamp } from '../../../lib/dates';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useMayaLog } from '../api/get-maya-log';
import { actText, checkText, inputRows, reasonText, ruleText } from '../utils/maya-log-words';

/**
 * "How Maya answered", on one of the business's deals: closed, it asks nothing; opened, it reads
 * her log and says each step in words. A deal Maya never answered shows nothing once read.
 */
export default function MayaLog({ dealId, currency }: { dealId: string; currency: Currency }) {
  const ready = useNamespace('negotiation');
  const { t } = useTranslation('negotiation');
  const [open, setOpen] = useState(false);
  const log = useMayaLog(dealId, open);
  const id = useId();
  const panelId = `${id}-panel`;

  if (!ready || log.data?.status === null) return null;
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography component="h3" sx={{ m: 0 }}>
        <Button
          id={`${id}-title`}
          size="small"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          endIcon={
            // A chevron drawn with two borders: down when closed, up when open.
            <Box
              component="span"
              sx={{
                width: 7,
                height: 7,
                borderRight: 2,
                borderBottom: 2,
                transform: open
                  ? 'translateY(2px) rotate(-135deg)'
                  : 'translateY(-2px) rotate(45deg)',
              }}
            />
          }
        >
          {t('log.title')}
        </Button>
      </Typography>
      {open && (
        <Box id={panelId} sx={{ pl: { xs: 0, sm: 1 }, pt: 1 }}>
          {log.isPending ? (
            <Skeleton variant="rounded" height={96} aria-label={t('log.loading')} />
          ) : log.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void log.refetch()}>
                  {t('log.retry')}
                </Button>
              }
            >
              {t('log.loadFailed')}
            </Alert>
          ) : (
            <Steps log={log.data} currency={currency} />
          )}
        </Box>
      )}
    </Box>
  );
}

function Steps({ log, currency }: { log: MayaLogAnswer; currency: Currency }) {
  const { t, i18n } = useTranslation('negotiation');
  const language = i18n.language;
  return (
    <>
      {log.status && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t(`log.status.${log.status}`, { reason: reasonText(t, log.stopReason ?? '') })}
        </Typography>
      )}
      {log.entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('log.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {log.entries.map((entry) => {
            const rows = inputRows(t, entry, currency, language);
            return (
              <Box
                component="li"
                key={`${entry.at}-${entry.rule}`}
                sx={{ listStyle: 'none', borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              >
                <Typography sx={{ fontWeight: 700 }}>
                  <Box component="time" dateTime={entry.at} sx={{ fontWeight: 400 }}>
                    {formatStamp(entry.at)}
                  </Box>
                  {' · '}
                  {actText(t, entry, language)}
                </Typography>
                <Typography variant="body2">
                  {t('log.rule', { rule: ruleText(t, entry.rule) })}
                </Typography>
                {rows.length > 0 && (
                  <>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {t('log.read')}
                    </Typography>
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        // A long label wraps on a phone; an amount never does.
                        gridTemplateColumns: 'minmax(0, max-content) auto',
                        columnGap: 1.5,
                        m: 0,
                        fontSize: '0.875rem',
                        '& dt': { color: 'text.secondary' },
                        '& dd': { m: 0, whiteSpace: 'nowrap' },
                      }}
                    >
                      {rows.map(([term, value]) => (
                        <Box key={term} sx={{ display: 'contents' }}>
                          <dt>{term}</dt>
                          <dd>{value}</dd>
                        </Box>
                      ))}
                    </Box>
                  </>
                )}
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {checkText(t, entry.check)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {entry.text ? t('log.sent') : t('log.nothingSent')}
                </Typography>
                {entry.text && (
                  <Box
                    component="blockquote"
                    sx={{
                      m: 0,
                      mt: 0.25,
                      px: 1.5,
                      py: 1,
                      bgcolor: 'grey.100',
                      borderRadius: 1,
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      fontSize: '0.875rem',
                    }}
                  >
                    {entry.text}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </>
  );
}
