import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SellerCard } from '@maya/contracts';
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { readSealed, writeSealed } from '../../lib/sealed-cache';
import { sessionQuery } from '../../lib/session';
import { buyer } from '../../test/render-app';
import { AssistantPage } from './components/assistant-page';
import { MessageList } from './components/message-list';
import { SellerCards, sellersOf } from './components/seller-cards';
import { SAVED_CONVERSATION } from './hooks/maya-conversation';

// The engine (the AI SDK's chat) is the real one, but its download waits for `engine.arrive()`,
// and `engine.requested` says whether the page asked for it at all. A module loads once per
// file: the tests of the page run in order, the first before anything asks for the engine.
const engine = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { requested: false, arrived, arrive: () => arrive() };
});
vi.mock('./components/maya-engine', async (importOriginal) => {
  engine.requested = true;
  await engine.arrived;
  return importOriginal();
});

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

describe("the tools' results Maya shows as cards", () => {
  const card: SellerCard = {
    id: '01900000-0000-7000-8000-0000000000a4',
    name: 'Tasca do Zé',
    sector: 'hospitality',
    city: null,
    distanceKm: 1.2,
    description: 'Petiscos',
    imageUrl: 'https://cdn.example/ze.jpg',
    profileUrl: '/sellers/01900000-0000-7000-8000-0000000000a4',
    why: 'matches “tasca”',
    alternative: false,
  };

  it("are the sellers of a result in the contract's shape", () => {
    expect(sellersOf({ note: 'ok', sellers: [card] })).toEqual([card]);
  });

  it('are none when any card is out of shape', () => {
    for (const odd of [
      { ...card, id: '../account' },
      { ...card, sector: 'weddings' },
      { ...card, distanceKm: '1.2' },
      { ...card, why: undefined },
    ]) {
      expect(sellersOf({ note: 'ok', sellers: [card, odd] })).toEqual([]);
    }
    expect(sellersOf({ note: 'error' })).toEqual([]);
    expect(sellersOf('no sellers')).toEqual([]);
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

  it('offer to ask the businesses for quotes under the last answer with cards, with the question it answers', () => {
    const answer: UIMessage = {
      id: 'a2',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'I found one.' },
        {
          type: 'tool-searchSellers',
          toolCallId: 'call_2',
          state: 'output-available',
          input: {},
          output: { note: 'ok', sellers: [alternative] },
        },
      ],
    };
    const afterCards = (words: string) => <button type="button">{`Quotes for: ${words}`}</button>;
    const { rerender } = withApp(
      <MessageList
        messages={[question, answer]}
        busy={false}
        empty={null}
        user={null}
        afterCards={afterCards}
      />,
    );
    expect(screen.getByRole('button', { name: 'Quotes for: A hair salon in Porto' })).toBeTruthy();
    // Not while an answer is arriving, nor under a question that has none yet.
    rerender(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MessageList
            messages={[question, answer, { ...question, id: 'q2' }]}
            busy
            empty={null}
            user={null}
            afterCards={afterCards}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.queryByRole('button', { name: /^Quotes for/ })).toBeNull();
  });
});

const rocha: SellerCard = {
  id: '01900000-0000-7000-8000-0000000000c1',
  name: 'Salão Rocha',
  sector: 'beauty',
  city: 'Porto',
  distanceKm: null,
  description: 'Cabeleireiro no Porto',
  imageUrl: null,
  profileUrl: '/sellers/01900000-0000-7000-8000-0000000000c1',
  why: 'matches “hair salon” in Porto',
};

/** The answer the server streams: the search's cards, then Maya's words. */
function answerStream(text: string, sellers: SellerCard[]) {
  const chunks: UIMessageChunk[] = [
    { type: 'tool-input-available', toolCallId: 'call_1', toolName: 'searchSellers', input: {} },
    { type: 'tool-output-available', toolCallId: 'call_1', output: { note: 'ok', sellers } },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: text },
    { type: 'text-end', id: 't1' },
  ];
  return createUIMessageStreamResponse({
    stream: createUIMessageStream({
      execute: ({ writer }) => chunks.forEach((chunk) => writer.write(chunk)),
    }),
  });
}

/** The questions the page sent to `POST /api/v1/assistant/chat`, newest message of each. */
function stubAssistant(answer: () => Response) {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(init?.body as string) as { messages: UIMessage[] };
    const last = body.messages.at(-1)!;
    asked.push(last.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''));
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

const box = () => screen.getByRole('textbox', { name: 'Message to Maya' });

/** The buyer's session's key, as the server gives it: 32 random bytes, base64url. */
const cacheKey = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
  .replaceAll('+', '-')
  .replaceAll('/', '_')
  .replace(/=+$/, '');

/** The buyer's session has answered with its key, as it does on every signed-in screen. */
async function sessionLive() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ user: buyer, cacheKey })),
  );
  await createQueryClient().fetchQuery({ ...sessionQuery, staleTime: 0 });
  vi.unstubAllGlobals();
}

const saveConversation = (messages: UIMessage[]) =>
  writeSealed(SAVED_CONVERSATION, cacheKey, JSON.stringify(messages));
const savedConversation = async () =>
  JSON.parse((await readSealed(SAVED_CONVERSATION, cacheKey)) ?? '[]') as UIMessage[];

describe('the AI ASSISTANT screen', () => {
  it('shows the conversation saved in this browser, with its cards, without the AI SDK', async () => {
    const answer: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'I found 1 hair salon in Porto.' },
        {
          type: 'tool-searchSellers',
          toolCallId: 'call_1',
          state: 'output-available',
          input: {},
          output: { note: 'ok', sellers: [rocha] },
        },
      ],
    };
    await sessionLive();
    await saveConversation([question, answer]);
    // Sealed: nothing of the conversation can be read in storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('hair salon');
    withApp(<AssistantPage user={buyer} />);

    await screen.findByText('I found 1 hair salon in Porto.');
    expect(screen.getByText('Salão Rocha')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Profile: Salão Rocha' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeTruthy();
    expect(engine.requested).toBe(false);
  });

  it('sends a message typed before the AI SDK has loaded once it has, and saves the answer', async () => {
    await sessionLive();
    const asked = stubAssistant(() => answerStream('I found 1 hair salon in Porto.', [rocha]));
    withApp(<AssistantPage user={buyer} />);

    fireEvent.focus(box());
    await waitFor(() => expect(engine.requested).toBe(true));
    fireEvent.change(box(), { target: { value: 'A hair salon in Porto' } });
    fireEvent.submit(box().closest('form')!);
    // Shown at once, and the composer waits, while the engine is still on its way.
    expect(screen.getByText('A hair salon in Porto')).toBeTruthy();
    expect((box() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Maya is thinking…');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);

    engine.arrive();
    await screen.findByText('I found 1 hair salon in Porto.');
    expect(asked).toEqual(['A hair salon in Porto']);
    expect(screen.getAllByText('A hair salon in Porto')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Profile: Salão Rocha' })).toBeTruthy();
    await waitFor(() => expect((box() as HTMLInputElement).disabled).toBe(false));
    await waitFor(async () =>
      expect((await savedConversation()).map(({ role }) => role)).toEqual(['user', 'assistant']),
    );
    expect(JSON.stringify({ ...localStorage })).not.toContain('hair salon');
  });

  it('follows up, and "New conversation" empties the screen and the saved copy', async () => {
    await sessionLive();
    await saveConversation([question]);
    const asked = stubAssistant(() => answerStream('Here is another one.', [rocha]));
    withApp(<AssistantPage user={buyer} />);
    await screen.findByText('A hair salon in Porto');

    fireEvent.change(box(), { target: { value: 'Another one, please' } });
    fireEvent.submit(box().closest('form')!);
    await screen.findByText('Here is another one.');
    expect(asked).toEqual(['Another one, please']);

    fireEvent.click(await screen.findByRole('button', { name: 'New conversation' }));
    expect(screen.queryByText('Here is another one.')).toBeNull();
    expect(screen.getByText('Ready to answer')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(SAVED_CONVERSATION)).toBeNull());
  });

  it('says so when Maya cannot answer, and lets the person try again', async () => {
    const failed = vi.spyOn(toast, 'error');
    stubAssistant(() => new Response('{}', { status: 500 }));
    withApp(<AssistantPage user={buyer} />);

    fireEvent.click(screen.getByRole('button', { name: 'A hair salon in Porto' }));
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Failed to fetch bot response.'));
    await waitFor(() => expect((box() as HTMLInputElement).disabled).toBe(false));
    failed.mockRestore();
  });
});
