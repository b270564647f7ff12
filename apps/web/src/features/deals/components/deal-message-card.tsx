import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Message, MessageDeal, PrivateUser } from '@maya/contracts';
import { dealStates } from '@maya/contracts/deal-process';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay, formatStamp } from '../../../lib/dates';
import { useDeal } from '../api/get-deal';
import { DealActions } from './deal-actions';
import { RequestFacts, TermsFacts } from './deal-terms';

export interface DealCardProps {
  message: Message & { deal: MessageDeal };
  mine: boolean;
  viewer: Pick<PrivateUser, 'id' | 'role'>;
  /** The two people's names as the viewer sees them. */
  names: { buyer: string; business: string };
  /** The newest move of its deal in this chat: the one that shows the moves left. */
  current: boolean;
  /** A version a later one replaced. */
  superseded: boolean;
  /** The chat takes nothing (a block, a deleted partner): no moves are drawn. */
  closed: boolean;
  onMessage?: ((message: Message) => void) | undefined;
}

/**
 * A deal's move in the chat, drawn as a card: what happened, by whom, the request or the terms
 * it carries, and, on the deal's newest move, the buttons of the viewer's next moves. A move Maya
 * made says so above the card, to both people.
 */
export default function DealMessageCard({
  message,
  mine,
  viewer,
  names,
  current,
  superseded,
  closed,
  onMessage,
}: DealCardProps) {
  const { t } = useTranslation('deals');
  const { deal: move } = message;
  const { event } = move;
  const live = current && !closed && !dealStates[event.to].final;
  const deal = useDeal(move.dealId, live);
  // A deal read before this move arrived is not drawn with its old buttons.
  const fresh = deal.data && deal.data.updatedAt >= message.createdAt;
  const { refetch } = deal;
  const stale = live && deal.data !== undefined && !fresh;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  const actor =
    event.actor === 'system'
      ? t('byClock')
      : t('by', { name: mine ? t('you') : names[event.actor] });

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        listStyle: 'none',
      }}
    >
      {message.byAssistant && (
        <Typography variant="caption" color="text.secondary" sx={{ mb: 0.25 }}>
          {t('byMaya', { business: names.business })}
        </Typography>
      )}
      <Paper
        variant="outlined"
        component="article"
        aria-label={t(`events.${event.kind}`)}
        sx={{
          width: '100%',
          maxWidth: 440,
          p: 1.5,
          borderLeft: 4,
          borderLeftColor: mine ? 'primary.main' : 'secondary.main',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {t(`events.${event.kind}`)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatStamp(message.createdAt)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {actor}
        </Typography>
        {event.kind === 'quote_requested' && (
          <RequestFacts request={event.request} serviceName={move.serviceName} />
        )}
        {move.terms && event.kind !== 'quote_requested' && <TermsFacts terms={move.terms} />}
        {'version' in event && typeof event.version === 'object' && (superseded || current) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {superseded
              ? t('superseded')
              : t('validUntil', { date: formatDay(event.version.validUntil) })}
          </Typography>
        )}
        {event.kind === 'deal_delivered' && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('confirmBy', { date: formatDay(event.problemWindowEndsAt) })}
          </Typography>
        )}
        {(event.kind === 'problem_reported' || event.kind === 'deal_cancelled') && (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {t(event.kind === 'problem_reported' ? 'problem' : 'cancelledBy', {
              reason: event.reason,
              name: mine ? t('you') : names[event.actor === 'buyer' ? 'buyer' : 'business'],
            })}
          </Typography>
        )}
        {/* A completed deal's reviews are written under /deals, where both are shown. */}
        {event.to === 'completed' && current && !closed && (
          <Link
            component={RouterLink}
            to="/deals?tab=completed"
            variant="body2"
            sx={{ display: 'inline-block', mt: 1 }}
          >
            {t('reviewLink')}
          </Link>
        )}
        {live &&
          (fresh ? (
            <DealActions deal={deal.data} viewer={viewer} onMessage={onMessage} />
          ) : (
            deal.isPending && <Skeleton variant="rounded" height={32} sx={{ mt: 1.5 }} />
          ))}
      </Paper>
    </Box>
  );
}
