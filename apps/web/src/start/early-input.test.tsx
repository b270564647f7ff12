import { act, lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adoptEarlyInput } from './early-input';
import { useEarlyInputOf } from './hydration-turns';

function Form({ report }: { report: (values: { email: string; note: string }) => void }) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('kept');
  report({ email, note });
  return (
    <form>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
    </form>
  );
}

describe('adoptEarlyInput', () => {
  it('hands text typed into the prerendered page to the hydrated form', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form report={() => undefined} />);
    document.body.append(container);
    const email = container.querySelector('input')!;
    const note = container.querySelector('textarea')!;
    email.value = 'early@example.test'; // typed before the app's code arrived

    let seen = { email: '', note: '' };
    const report = (values: typeof seen) => (seen = values);
    await act(async () => {
      hydrateRoot(container, <Form report={report} />);
    });
    // Hydration leaves the text in the field but not in the state.
    expect(email.value).toBe('early@example.test');
    expect(seen.email).toBe('');

    await act(async () => adoptEarlyInput(container));
    expect(seen).toEqual({ email: 'early@example.test', note: 'kept' });
    expect(email.value).toBe('early@example.test');
    expect(note.value).toBe('kept');
    container.remove();
  });

  it('hands text typed into a lazy part to it once its code has come, after the screen is live', async () => {
    const seen: string[] = [''];
    const see = (text: string) => seen.push(text);
    function Box() {
      const [text, setText] = useState('');
      useEffect(() => void see(text), [text]);
      return (
        <input aria-label="Town" value={text} onChange={(event) => setText(event.target.value)} />
      );
    }
    function Live({ Part }: { Part: ComponentType }) {
      const part = useEarlyInputOf<HTMLDivElement>();
      return (
        <div ref={part}>
          <Part />
        </div>
      );
    }
    const Screen = ({ Part }: { Part: ComponentType }) => (
      <Suspense fallback={<p>Loading</p>}>
        <Live Part={Part} />
      </Suspense>
    );

    const container = document.createElement('div');
    container.innerHTML = renderToString(<Screen Part={Box} />);
    document.body.append(container);
    let arrive!: (module: { default: ComponentType }) => void;
    const Part = lazy(
      () => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)),
    );
    await act(async () => {
      hydrateRoot(container, <Screen Part={Part} />);
    });
    // The screen is live, the part's code is still on its way, and the person types.
    const town = container.querySelector('input')!;
    town.value = 'Marquês de Pombal';
    expect(seen.at(-1)).toBe('');

    await act(async () => arrive({ default: Box }));
    expect(seen.at(-1)).toBe('Marquês de Pombal');
    expect(town.value).toBe('Marquês de Pombal');
    container.remove();
  });
});
