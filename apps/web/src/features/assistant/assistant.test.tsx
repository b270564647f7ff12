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
