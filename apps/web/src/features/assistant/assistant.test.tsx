import { render, screen } from '@testing-library/react';
import type { SellerCard } from '@maya/contracts';
import type { UIMessage } from 'ai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { MessageList } from './components/message-list';
import { SellerCards } from './components/seller-cards';

const withApp = (node: ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

const question: UIMessage = {
  id: 'q1',
  role: 'user',
  parts: [{ type: 'text', text: 'A hair salon in Porto' }],
};

/** The avatar beside a message of the person asking. */
const avatarOf = (text: string) =>
  screen.getByText(text).closest('.MuiBox-root')!.parentElement!.querySelector('.MuiAvatar-root')!;

describe("the person's messages to Maya", () => {
  it('carry their initial', () => {
    withApp(
      <MessageList
        messages={[question]}
        busy={false}
        empty={null}
        user={{ firstName: 'Ana', thumbnailUrl: null }}
      />,
    );
    expect(avatarOf('A hair salon in Porto').textContent).toBe('A');
  });

  it('carry a figure, not a letter, for a visitor who gave no name', () => {
    withApp(<MessageList messages={[question]} busy={false} empty={null} user={null} />);
    const avatar = avatarOf('A hair salon in Porto');
    expect(avatar.textContent).toBe('');
    expect(avatar.querySelector('svg')).toBeTruthy();
  });
});

describe("Maya's seller cards", () => {
  it('show the whole name, and a seller without a sector under Other', () => {
    const seller: SellerCard = {
      id: '01900000-0000-7000-8000-0000000000a3',
      name: 'Pulse Creators Collective of Lisbon',
      sector: null,
      city: 'Lisbon',
      distanceKm: null,
      description: 'Campaigns with local creators',
      imageUrl: null,
      profileUrl: '/sellers/01900000-0000-7000-8000-0000000000a3',
      why: 'Works with creators in Lisbon',
    };
    withApp(<SellerCards sellers={[seller]} compact />);
    expect(screen.getByText('Pulse Creators Collective of Lisbon')).toBeTruthy();
    expect(screen.getByText('Other · Lisbon')).toBeTruthy();
  });
});

describe("Maya's answers", () => {
  const alternative: SellerCard = {
    id: '01900000-0000-7000-8000-0000000000b1',
    name: 'Canalizações Rocha',
    sector: 'construction',
    city: 'Lisboa',
    distanceKm: 246.4,
    description: 'Canalizador em Lisboa',
    imageUrl: null,
    profileUrl: '/sellers/01900000-0000-7000-8000-0000000000b1',
    why: 'Alternativa: corresponde a “canalizador”, a 246 km do centro de Faro',
    alternative: true,
  };

  it('put her words before the cards, and show an alternative as one', () => {
    const answer: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        {
          type: 'tool-searchSellers',
          toolCallId: 'call_1',
          state: 'output-available',
          input: { query: 'canalizador', place: 'Faro' },
          output: { note: 'no-match', sellers: [alternative] },
        },
        { type: 'text', text: 'Não encontrei nenhum canalizador em Faro.' },
      ],
    };
    withApp(<MessageList messages={[question, answer]} busy={false} empty={null} user={null} />);
    const words = screen.getByText('Não encontrei nenhum canalizador em Faro.');
    const card = screen.getByText('Canalizações Rocha');
    expect(words.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Its reason already says it is an alternative; no "Why:" before it.
    expect(screen.getByText(alternative.why)).toBeTruthy();
    expect(screen.getByText('Construction · Lisboa · 246 km')).toBeTruthy();
  });
});
