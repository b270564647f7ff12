import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  galleryResponseSchema,
  meResponseSchema,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from '@maya/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { forgetSession, sessionQuery } from '../../../lib/session';

function useUserUpdate<T>(path: string, method: 'PATCH' | 'PUT') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, meResponseSchema, { method, body }),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}

export const useUpdateProfile = () => useUserUpdate<UpdateProfileBody>('/me', 'PATCH');
export const useUpdateEmail = () => useUserUpdate<ChangeEmailBody>('/me/email', 'PUT');

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest('/me/password', z.null(), { method: 'PUT', body }),
  });
}

export const galleryQueryKey = ['me', 'gallery'];

export function useSaveGallery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageIds: string[]) =>
      apiRequest('/me/gallery', galleryResponseSchema, { method: 'PUT', body: { imageIds } }),
    onSuccess: (data) => queryClient.setQueryData(galleryQueryKey, data),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/me', z.null(), { method: 'DELETE', body: { password } }),
    onSuccess: () => {
      forgetSession(queryClient);
    },
  });
}
