import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatResponseSchema } from '@maya/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { apiRequest } from './api-client';

/** Chat Now: opens (or creates) the one chat with this person and goes to it. */
export function useOpenChat() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) =>
      apiRequest('/chats', chatResponseSchema, { method: 'POST', body: { partnerId } }),
    onSuccess: ({ chat }) => {
      localStorage.setItem('navBtn', 'Chats');
      void queryClient.invalidateQueries({ queryKey: ['chats'] });
      void navigate(`/inbox/${chat.id}`);
    },
    onError: (error) => toast.error(error.message),
  });
}
