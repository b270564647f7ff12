import { waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { createMayaConversation } from './hooks/maya-conversation';

// The engine's chunk cannot be downloaded (offline, or a build replaced since the page opened).
vi.mock('./components/maya-engine', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a conversation whose engine cannot be loaded', () => {
  it('keeps the message, says so, and lets the person send again', async () => {
    const failed = vi.spyOn(toast, 'error');
    const conversation = createMayaConversation('01900000-0000-7000-8000-000000000001');
    conversation.restore();

    expect(conversation.send('A hair salon in Porto')).toBe(true);
    expect(conversation.get().busy).toBe(true);
    await waitFor(() => expect(conversation.get().status).toBe('error'));

    const { messages, busy } = conversation.get();
    expect(busy).toBe(false);
    expect(messages.map(({ role, parts }) => [role, parts])).toEqual([
      ['user', [{ type: 'text', text: 'A hair salon in Porto' }]],
    ]);
    expect(failed).toHaveBeenCalledWith('Failed to fetch bot response.');
    expect(conversation.send('And in Lisbon?')).toBe(true);
    failed.mockRestore();
  });
});
