import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Deal, PrivateUser } from '@maya/contracts';
import { Suspense } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../lib/dates';
import { DealReviews } from '../../reviews';
import { formatMoney } from '../../services';
import { personName, windowText } from '../utils/deal-text';
import { DealActions } from './deal-actions';
import { Facts } from './deal-terms';

// Maya's log is the business's alone, and read on demand: its code and words (namespace
// `negotiation`) load when a business's deal is drawn, the log itself when it is opened.
const MayaLog = lazy(() => import('./maya-log'));

/**
 * One deal on /deals: what was agreed, with whom (both people), the service, the price and the
 * date; where it stands; the viewer's moves on it; for its business, how Maya answered; once
 * completed, its reviews; its chat and its summary.
 */
export function DealListItem({
  deal,
  viewer,
}: {
  deal: Deal;
  viewer: Pick<PrivateUser, 'id' | 'role'>;
}) {
  const { t, i18n } = useTranslation('deals');
  const former = t('formerMember');
  const agreed = deal.accepted ? deal.versions[deal.accepted.version - 1] : undefined;
  const terms = (agreed ?? deal.versions.at(-1))?.terms;
  const title = terms?.title ?? deal.serviceName ?? t('events.quote_requested');
  const when = terms?.when ?? deal.request?.when;
  const rows: [string, string][] = [
    [t('page.business'), personName(deal.business, former)],
    [t('page.client'), personName(deal.buyer, former)],
    ...(deal.serviceName ? [[t('service'), deal.serviceName] as [string, string]] : []),
    ...(when ? [[t('when'), windowText(when, i18n.language)] as [string, string]] : []),
  ];
  const headingId = `deal-${deal.id}`;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          columnGap: 2,
        }}
      >
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
          {title}
        </Typography>
        {terms && (
          <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', whiteSpace: 'nowrap' }}>
            {formatMoney(terms.price.amount, terms.price.currency, i18n.language)}
          </Typography>
        )}
      </Box>
      <Facts rows={rows} />
      {deal.accepted && (
        <Typography variant="body2" color="text.secondary">
          {t('page.agreedOn', { date: formatDay(deal.accepted.at) })}
        </Typography>
      )}
      {deal.status === 'delivered' && deal.delivery && (
        <Typography variant="body2">
          {t('confirmBy', { date: formatDay(deal.delivery.problemWindowEndsAt) })}
        </Typography>
      )}
      {deal.problem && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {t('problem', { reason: deal.problem.reason })}
        </Typography>
      )}
      {deal.cancellation && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {t('cancelledBy', {
            name:
              deal.cancellation.by === (viewer.role === 'buyer' ? 'buyer' : 'business')
                ? t('you')
                : personName(deal.cancellation.by === 'buyer' ? deal.buyer : deal.business, former),
            reason: deal.cancellation.reason,
          })}
        </Typography>
      )}
      <DealActions deal={deal} viewer={viewer} />
      {/* The client's page never asks for it. */}
      {deal.businessId === viewer.id && (
        <Suspense fallback={null}>
          <MayaLog
            dealId={deal.id}
            currency={terms?.price.currency ?? deal.request?.budget?.currency ?? 'EUR'}
          />
        </Suspense>
      )}
      <DealReviews deal={deal} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5 }}>
        <Button component={RouterLink} to={`/inbox/${deal.chatId}`} size="small">
          {t('page.openChat')}
        </Button>
        {deal.accepted && (
          <>
            <Button
              component="a"
              href={`/api/v1/deals/${deal.id}/summary`}
              target="_blank"
              rel="noopener"
              size="small"
            >
              {t('page.summary')}
            </Button>
            <Button
              component="a"
              href={`/api/v1/deals/${deal.id}/summary.pdf`}
              download
              size="small"
            >
              {t('page.summaryPdf')}
            </Button>
          </>
        )}
      </Box>
    </Paper>
  );
}
