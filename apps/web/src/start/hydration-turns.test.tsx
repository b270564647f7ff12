// @vitest-isolate: its module keeps the state of a page's one hydration, which a test starts afresh.
import { act, useLayoutEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { afterHydrationTurns, HydrateInTurn, takeHydrationTurns } from './hydration-turns';

// React's act() is how this test waits for it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PARTS = ['one', 'two', 'three', 'four'];

/** Whether React has taken over a node of the server's HTML (hydrated it) or drawn it. */
const live = (node: Element | null) =>
  node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'));

/** At each part's commit: which parts React had taken over by then. */
type Seen = Map<string, string[]>;

function Part({ name, seen, root }: { name: string; seen: Seen; root: () => Element }) {
  const [text, setText] = useState('');
  useLayoutEffect(() => {
    seen.set(
      name,
      PARTS.filter((part) => live(root().querySelector(`[data-part="${part}"]`))),
    );
  }, [name, seen, root]);
  return (
    <p data-part={name} data-text={text}>
      <input aria-label={name} value={text} onChange={(event) => setText(event.target.value)} />
    </p>
  );
}

function Screen({ seen, root }: { seen: Seen; root: () => Element }) {
  return (
    <main>
      <h1>Account</h1>
      {PARTS.map((name) => (
        <HydrateInTurn key={name}>
          <Part name={name} seen={seen} root={root} />
        </HydrateInTurn>
      ))}
    </main>
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('HydrateInTurn', () => {
  it('hydrates the parts of a server-rendered screen one commit at a time, in order', async () => {
    const container = document.createElement('div');
    const root = () => container;
    container.innerHTML = renderToString(<Screen seen={new Map()} root={root} />);
    document.body.append(container);
    const html = container.innerHTML;
    const seen: Seen = new Map();
    // Typed into the third part before the app's code ran.
    container.querySelector<HTMLInputElement>('[aria-label="three"]')!.value = 'early';

    takeHydrationTurns();
    let finished = false;
    await act(async () => {
      hydrateRoot(container, <Screen seen={seen} root={root} />);
    });
    // The screen's own part is live at once; the parts wait with their server HTML on screen.
    expect(live(container.querySelector('h1'))).toBe(true);
    afterHydrationTurns(() => (finished = true));
    for (let step = 0; step < 40 && !finished; step += 1) {
      await act(settle);
    }
    expect(finished).toBe(true);

    // Each part was committed while the ones after it still waited.
    expect(Object.fromEntries(seen)).toEqual({
      one: ['one'],
      two: ['one', 'two'],
      three: ['one', 'two', 'three'],
      four: PARTS,
    });
    // Nothing was drawn afresh: the HTML is the server's, every field live, and the text typed
    // early is the third part's own.
    expect(container.querySelector('[data-part="three"]')?.getAttribute('data-text')).toBe('early');
    const markup = (text: string) => text.replaceAll(/ (value|data-text)="[^"]*"/g, '');
    expect(markup(container.innerHTML)).toBe(markup(html));
    expect([...container.querySelectorAll('input')].every(live)).toBe(true);
    container.remove();
  });

  it('draws at once what the browser renders after the first hydration', async () => {
    await new Promise<void>((resolve) => afterHydrationTurns(resolve));
    const container = document.createElement('div');
    document.body.append(container);
    const seen: Seen = new Map();
    await act(async () => {
      createRoot(container).render(<Screen seen={seen} root={() => container} />);
    });
    // One commit: every part saw all the others already drawn.
    expect([...seen.values()]).toEqual(PARTS.map(() => PARTS));
    container.remove();
  });
});
