import { useQuery } from '@tanstack/react-query';
import { publicFiguresDto } from '../../../contract/public-figures';
import { api } from '../../lib/api';

/** The landing page's figures inside the app (the light entry fetches them by hand: landing-main.tsx). */
export function usePublicFigures() {
  // The server keeps them for a minute too.
  return useQuery({
    queryKey: ['public-figures'],
    queryFn: () => api('/api/public-figures', { schema: publicFiguresDto }),
    staleTime: 60_000,
  });
}
