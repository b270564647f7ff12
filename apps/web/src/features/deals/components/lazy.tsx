import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../../lib/i18n';

// The cards, the forms and their words load when a chat first shows a deal's move or offers one,
// so no screen's first paint carries them: one chunk for the three, with the deals' words.
const chatDeals = () =>
  Promise.all([import('./chat-deals'), loadNamespace('deals')]).then(([module]) => module);

const Card = lazy(() => chatDeals().then((module) => ({ default: module.DealMessageCard })));
const Start = lazy(() => chatDeals().then((module) => ({ default: module.StartDeal })));
const Announcer = lazy(() => chatDeals().then((module) => ({ default: module.DealAnnouncer })));
const Proposal = lazy(() =>
  chatDeals().then((module) => ({ default: module.CounterProposalCard })),
);

/** A deal's move in the chat, drawn as a card with the viewer's moves. */
export function DealMessage(props: ComponentProps<typeof Card>) {
  return (
    <Suspense
      fallback={
        <li style={{ listStyle: 'none' }}>
          <Skeleton variant="rounded" height={120} sx={{ maxWidth: 440 }} />
        </li>
      }
    >
      <Card {...props} />
    </Suspense>
  );
}

/**
 * "Request a quote" (a buyer) or "Make an offer" (a business) and its form. The server draws the
 * button; should the page change before its code has come (a chat marked read as it opens),
 * React draws it afresh, and a placeholder of the button's height keeps what is around it still.
 */
export function StartDealButton(props: ComponentProps<typeof Start>) {
  return (
    <Suspense
      fallback={
        // Sized by a hidden button of the same size, whose words have not come yet.
        <Skeleton
          variant="rounded"
          aria-hidden="true"
          sx={{ display: 'inline-block', verticalAlign: 'middle' }}
        >
          <Button size={props.size ?? 'small'} variant="outlined" tabIndex={-1}>
            {'\u00a0'.repeat(24)}
          </Button>
        </Skeleton>
      }
    >
      <Start {...props} />
    </Suspense>
  );
}

/** The polite announcement of a partner's new move. */
export function DealAnnouncements(props: ComponentProps<typeof Announcer>) {
  return (
    <Suspense fallback={null}>
      <Announcer {...props} />
    </Suspense>
  );
}

/**
 * "Send €420.00 as a counter-offer?" with "Review counter-offer" (the counter's form, prefilled)
 * and "Dismiss", for a buyer whose words put a price forward against the standing offer.
 */
export function CounterProposal(props: ComponentProps<typeof Proposal>) {
  return (
    <Suspense fallback={null}>
      <Proposal {...props} />
    </Suspense>
  );
}

/**
 * "AI" beside the time of a message Maya (AI) wrote for a business, read out in full; its words
 * carry the label too. Both people see it. Few chats hold one: its words (namespace
 * `negotiation`) load when one shows, and no script of its own.
 */
export function AssistantMark() {
  const { t } = useTranslation('negotiation');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadNamespace('negotiation').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return (
    <Box
      component="span"
      role="img"
      aria-label={t('mark.long')}
      sx={{
        display: 'inline-block',
        ml: 0.75,
        px: 0.5,
        border: 1,
        borderRadius: 0.5,
        fontSize: '0.65rem',
        fontWeight: 700,
        lineHeight: 1.4,
        verticalAlign: 'text-bottom',
      }}
    >
      {t('mark.short')}
    </Box>
  );
}
