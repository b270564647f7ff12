import { render, screen } from '@testing-library/react';
import type { Message } from '@maya/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { moveMessage, requestAndOffer } from '../../test/fixtures';
import { DealAnnouncements } from './components/deal-announcer';

// A partner's new move is read out politely; what was there when the chat opened, and the
// person's own moves, are not. The deals' words are not loaded before: the part loads them.

afterEach(async () => {
  await setLanguage('en');
});

const chatId = '01900000-0000-7000-8000-0000000000d1';
const dealId = '01900000-0000-7000-8000-0000000000e1';
const me = '01900000-0000-7000-8000-0000000000a1';
const partner = '01900000-0000-7000-8000-0000000000b1';
const {
  sentAt: at,
  request,
  version,
} = requestAndOffer({
  need: 'A kitchen.',
  where: 'Lisbon',
  budget: 50_000,
  title: 'A kitchen, fitted',
  included: 'Units and worktop',
});

const text = (id: string, senderId: string): Message => ({
  id,
  chatId,
  senderId,
  clientId: `c-${id}`,
  createdAt: at,
  body: 'Hello',
});
const move = (id: string, senderId: string, kind: 'quote_requested' | 'offer_made') =>
  moveMessage({
    id,
    chatId,
    senderId,
    clientId: `c-${id}`,
    createdAt: at,
    dealId,
    event:
      kind === 'quote_requested'
        ? {
            kind,
            actor: 'buyer',
            from: 'start',
            to: 'requested',
            at,
            request,
          }
        : { kind, actor: 'business', from: 'requested', to: 'offered', at, version },
  });

const ids = (n: number) => `01900000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;

describe('the announcement of a partner’s deal move', () => {
  it('says a move that arrives from the partner, in the page’s language', async () => {
    const opened = [text(ids(10), partner), move(ids(11), me, 'quote_requested')];
    const view = render(
      <DealAnnouncements messages={opened} userId={me} partnerName="Sol Studio" />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    view.rerender(
      <DealAnnouncements
        messages={[...opened, move(ids(12), partner, 'offer_made')]}
        userId={me}
        partnerName="Sol Studio"
      />,
    );
    await expect.poll(() => status.textContent).toBe('Sol Studio: Offer');

    await setLanguage('pt');
    await expect.poll(() => status.textContent).toBe('Sol Studio: Proposta');
  });

  it('says nothing of the moves there when the chat opened, nor of the person’s own', async () => {
    const opened = [move(ids(20), partner, 'quote_requested')];
    const view = render(
      <DealAnnouncements messages={opened} userId={me} partnerName="Ana Silva" />,
    );
    view.rerender(
      <DealAnnouncements
        messages={[...opened, text(ids(21), partner), move(ids(22), me, 'offer_made')]}
        userId={me}
        partnerName="Ana Silva"
      />,
    );
    // Time for the words to have loaded, had anything been due.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
