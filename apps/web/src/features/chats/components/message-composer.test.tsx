import { fireEvent, render, screen } from '@testing-library/react';
import { MESSAGE_MAX_LENGTH } from '@maya/contracts/limits';
import { describe, expect, it, vi } from 'vitest';
import i18n, { setLanguage } from '../../../lib/i18n';
import { COUNT_SHOWN_WITHIN, draftLength } from './draft-length';
import { MessageComposer } from './message-composer';

vi.mock('../hooks/use-realtime', () => ({ sendTyping: () => undefined }));

describe('draftLength', () => {
  it('counts what would be sent, shows the count near the limit and says by how much it is over', () => {
    expect(draftLength('  hello  ', 2000)).toEqual({ count: 5, max: 2000, over: 0, shown: false });
    expect(draftLength('a'.repeat(2000 - COUNT_SHOWN_WITHIN - 1), 2000).shown).toBe(false);
    expect(draftLength('a'.repeat(2000 - COUNT_SHOWN_WITHIN), 2000).shown).toBe(true);
    expect(draftLength('a'.repeat(2000), 2000)).toMatchObject({ over: 0, shown: true });
    expect(draftLength('a'.repeat(2400), 2000)).toEqual({
      count: 2400,
      max: 2000,
      over: 400,
      shown: true,
    });
  });

  it('takes its limit from the contracts by default', () => {
    expect(draftLength('a'.repeat(MESSAGE_MAX_LENGTH + 1)).over).toBe(1);
  });
});

function renderComposer() {
  const onSend = vi.fn();
  render(<MessageComposer chatId="c1" partnerName="Sol" sending={false} onSend={onSend} />);
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
  const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  return { onSend, box, send };
}

describe('the message box', () => {
  it('keeps a pasted 2,400 characters whole, says it is too long with the count, and will not send', async () => {
    await i18n.changeLanguage('en');
    const { onSend, box, send } = renderComposer();
    const pasted = 'x'.repeat(2400);
    fireEvent.change(box, { target: { value: pasted } });
    expect(box.value).toHaveLength(2400);
    expect(box.maxLength).toBe(-1);
    const counter = screen.getByRole('status');
    expect(counter.textContent).toBe(
      'Too long to send: 2,400 of 2,000 characters. Shorten it by 400.',
    );
    expect(box.getAttribute('aria-describedby')).toBe(counter.id);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toHaveLength(2400);

    // Shortened to the limit, it may go: the count stays until it is sent.
    fireEvent.change(box, { target: { value: 'x'.repeat(2000) } });
    expect(screen.getByRole('status').textContent).toBe('2,000 of 2,000 characters');
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('x'.repeat(2000));
    expect(box.value).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows no count for a short message, and says it in Portuguese', async () => {
    await i18n.changeLanguage('en');
    const { box } = renderComposer();
    fireEvent.change(box, { target: { value: 'Olá!' } });
    expect(screen.queryByRole('status')).toBeNull();
    await setLanguage('pt');
    fireEvent.change(box, { target: { value: 'y'.repeat(2001) } });
    expect(screen.getByRole('status').textContent).toBe(
      'Longa demais para enviar: 2.001 de 2.000 caracteres. Encurte em 1.',
    );
    await setLanguage('en');
  });
});
