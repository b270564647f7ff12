import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CounterProposal, Message, PrivateUser } from '@maya/contracts';
import { allowedDealActions } from '@maya/contracts/deal-machine';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../services';
import { useDeal } from '../api/get-deal';
import { useMoveRunner } from '../hooks/use-move-runner';
import { useNow } from '../hooks/use-now';
import { partyOf } from '../utils/deal-text';
import { TermsDialog } from './terms-dialog';

export interface CounterProposalProps {
  /** What the server read in the buyer's words: the deal, its standing version and the price. */
  proposal: CounterProposal;
  viewer: Pick<PrivateUser, 'id' | 'role'>;
  /** The counter's chat message, once sent. */
  onMessage?: ((message: Message) => void) | undefined;
  /** The buyer dismissed the card, or reviewed it and closed or sent the counter. */
  onDone: () => void;
}

/**
 * "Send €420.00 as a counter-offer?" under the composer, after a buyer's words put a price
 * forward against the business's standing offer. Nothing is sent from the words: "Review
 * counter-offer" opens the counter's form with that price and the standing version's other
 * terms, and only its Send moves. Once the deal has moved on (a newer version, an answer, the
 * offer lapsed), the card is gone.
 */
export default function CounterProposalCard({
  proposal,
  viewer,
  onMessage,
  onDone,
}: CounterProposalProps) {
  const { t, i18n } = useTranslation('deals');
  const textId = useId();
  const now = useNow();
  const [reviewing, setReviewing] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  // On a phone whose keyboard is open the card, under the composer, may be below what shows:
  // it is brought into view (the composer stays above it).
  useEffect(() => {
    cardRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const runner = useMoveRunner({ dealId: proposal.dealId }, onMessage);
  const { data: deal, refetch } = useDeal(proposal.dealId);

  const standing = deal?.versions.at(-1);
  // A deal read before the offer the proposal counters is read again, not taken as moved.
  const behind = deal !== undefined && (!standing || standing.number < proposal.version);
  useEffect(() => {
    if (behind) void refetch();
  }, [behind, refetch]);
  const counter =
    deal && deal.actions.some((action) => action.type === 'counter')
      ? allowedDealActions(deal, partyOf(viewer), now).find((action) => action.type === 'counter')
      : undefined;
  const ready = deal !== undefined && !behind && standing !== undefined;
  const moved =
    ready &&
    (deal.status !== 'offered' ||
      standing.number !== proposal.version ||
      standing.by !== 'business' ||
      !counter);
  if (moved && !reviewing) return null;

  const price = formatMoney(proposal.price.amount, proposal.price.currency, i18n.language);

  if (reviewing && ready && standing) {
    return (
      <TermsDialog
        open
        title={t('form.counterTitle')}
        initial={{ ...standing.terms, price: proposal.price }}
        currency={proposal.price.currency}
        error={runner.error}
        fieldErrors={runner.fieldErrors}
        pending={runner.pending}
        onClose={onDone}
        onSend={async (terms) => {
          const sent = await runner.run({
            type: 'counter',
            version: counter?.version ?? proposal.version,
            terms,
          });
          if (sent) onDone();
          return sent;
        }}
      />
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      ref={cardRef}
      aria-labelledby={textId}
      sx={{
        mx: 1.5,
        mb: 1,
        px: 1.5,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        borderLeft: 4,
        borderLeftColor: 'primary.main',
      }}
    >
      <Typography id={textId} variant="body2" sx={{ flex: '1 1 12rem', fontWeight: 500 }}>
        {t('proposal.ask', { price })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button
          size="small"
          variant="contained"
          disabled={!ready}
          onClick={() => {
            runner.clear();
            setReviewing(true);
          }}
        >
          {t('proposal.review')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('proposal.dismiss')}
        </Button>
      </Box>
    </Paper>
  );
}
