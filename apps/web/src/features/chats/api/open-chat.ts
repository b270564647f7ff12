import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenChatBody, chatResponseSchema } from '@maya/contracts';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** Opens the one chat between the caller and this person, creating it the first time. */
export const openChat = (body: OpenChatBody) =>
  apiCall<z.infer<typeof chatResponseSchema>>('/chats', { method: 'POST', body });

/** Chat Now: opens (or creates) the one chat with this person and goes to it. */
export function useOpenChat() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) => openChat({ partnerId }),
    onSuccess: ({ chat }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      void navigate(`/inbox/${chat.id}`);
    },
    onError: (error) => toast.error(error.message),
  });
}
