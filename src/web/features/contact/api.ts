import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import {
  contactInfoDto,
  contactMessageListReply,
  contactMessageReply,
  contactReceiptReply,
} from '../../../contract/contact';

export const contactInfoKey = ['contact', 'info'] as const;
export const adminContactKey = ['admin', 'contact-messages'] as const;

export function useContactInfo() {
  return useQuery({
    queryKey: contactInfoKey,
    queryFn: () => api('/api/contact/info', { schema: contactInfoDto }),
    staleTime: 5 * 60_000,
  });
}

export const useSendContact = () =>
  useApiMutation((body: { email: string; message: string }) =>
    api('/api/contact', { schema: contactReceiptReply, method: 'POST', body }),
  );

export function useAdminContactMessages() {
  return useQuery({
    queryKey: adminContactKey,
    queryFn: async () => (await api('/api/admin/contact-messages', { schema: contactMessageListReply })).messages,
  });
}

export const useRetryContact = () =>
  useApiMutation(
    (id: string) =>
      api(`/api/admin/contact-messages/${encodeURIComponent(id)}/retry`, {
        schema: contactMessageReply,
        method: 'POST',
        body: {},
      }),
    {
      invalidates: [adminContactKey],
    },
  );
