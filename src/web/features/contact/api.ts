import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ContactMessageDto } from '../../../server/features/contact/presenter';

export type ContactMessage = ContactMessageDto;

export const contactInfoKey = ['contact', 'info'] as const;
export const adminContactKey = ['admin', 'contact-messages'] as const;

export function useContactInfo() {
  return useQuery({ queryKey: contactInfoKey, queryFn: () => api<{ supportEmail: string }>('/api/contact/info'), staleTime: 5 * 60_000 });
}

export function useSendContact() {
  return useMutation({
    mutationFn: (body: { email: string; message: string }) =>
      api<{ message: { id: string; status: 'pending' | 'sent' | 'failed'; createdAt: string } }>('/api/contact', { method: 'POST', body }),
  });
}

export function useAdminContactMessages() {
  return useQuery({ queryKey: adminContactKey, queryFn: async () => (await api<{ messages: ContactMessage[] }>('/api/admin/contact-messages')).messages });
}

export function useRetryContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: ContactMessage }>(`/api/admin/contact-messages/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminContactKey }),
  });
}
