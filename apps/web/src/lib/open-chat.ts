import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { chatResponseSchema } from '@maya/contracts';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { apiCall } from './api-client';

/** Chat Now: opens (or creates) the one chat with this person and goes to it. */
export function useOpenChat() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) =>
      apiCall<z.infer<typeof chatResponseSchema>>('/chats', {
        method: 'POST',
        body: { partnerId },
      }),
    onSuccess: ({ chat }) => {
      localStorage.setItem('navBtn', 'Chats');
      void queryClient.invalidateQueries({ queryKey: ['chats'] });
      void navigate(`/inbox/${chat.id}`);
    },
    onError: (error) => toast.error(error.message),
  });
}
