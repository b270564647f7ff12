import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adoptEarlyInput } from './early-input';

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
});
