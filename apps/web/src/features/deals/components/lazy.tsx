import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../../lib/i18n';

// The cards, the forms and their words load when a chat first shows a deal's move or a person
// first opens a form, so no screen's first paint carries them: one chunk, with the deals' words.
const chatDeals = () =>
  Promise.all([import('./chat-deals'), loadNamespace('deals')]).then(([module]) => module);

const Card = lazy(() => chatDeals().then((module) => ({ default: module.DealMessageCard })));
const preload = () => void chatDeals().catch(() => undefined);
const StartForm = lazy(() => chatDeals().then((module) => ({ default: module.StartDealForm })));
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
 * "Request a quote" (a buyer) or "Make an offer" (a business), in a chat or on a business's
 * profile. The button and its words come with the screen, so nothing waits on the deals' code to
 * draw or wake it; its form and the deals' words load on the first press.
 */
export function StartDealButton({
  viewer,
  partner,
  onSent,
  variant = 'outlined',
  size = 'small',
}: Omit<ComponentProps<typeof StartForm>, 'open' | 'onClose'> & {
  variant?: 'outlined' | 'contained';
  /** Small in a chat's header; large among a profile's buttons. */
  size?: 'small' | 'large';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        // A pointer over it or the keyboard on it starts loading the form, so it opens at once.
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t(viewer.role === 'buyer' ? 'deals.request' : 'deals.offer')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <StartForm
            viewer={viewer}
            partner={partner}
            onSent={onSent}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
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
