import { useQueryClient } from '@tanstack/react-query';
import type { MessageNewEvent } from '@maya/contracts';
import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { dealKeys } from '../api/deal-keys';

/**
 * Keeps deals live: a move's message on the socket (either person's, from any tab) has the deal
 * and the lists read again, so the buttons on view are always the deal's as it is now.
 */
export function useDealsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onMessage = ({ message }: MessageNewEvent) => {
      if (!message.deal) return;
      void queryClient.invalidateQueries({ queryKey: dealKeys.one(message.deal.dealId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists });
    };
    socket.on('message:new', onMessage);
    return () => {
      socket.off('message:new', onMessage);
    };
  }, [queryClient]);
}
