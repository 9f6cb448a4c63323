import { expect, test, vi } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { coveringKeys } from './covering-keys';

test('repeats and keys under another key’s prefix are dropped, the order otherwise kept', () => {
  expect(
    coveringKeys([
      ['leagues'],
      ['fixtures', '2026-27'],
      ['leagues'],
      ['admin', 'feed', '2026-27'],
      ['admin'],
      ['fixtures', '2026-27', 3],
    ]),
  ).toEqual([['leagues'], ['fixtures', '2026-27'], ['admin']]);
  // A longer key is not a prefix of a shorter one, and parts compare by value and type.
  expect(
    coveringKeys([
      ['fixtures', '2026-27', 3],
      ['fixtures', '2025-26'],
      ['gameweeks', 3],
      ['gameweeks', '3'],
    ]),
  ).toEqual([
    ['fixtures', '2026-27', 3],
    ['fixtures', '2025-26'],
    ['gameweeks', 3],
    ['gameweeks', '3'],
  ]);
  expect(coveringKeys([])).toEqual([]);
});

test('an event naming a key twice makes an open page fetch once, not twice', async () => {
  const qc = new QueryClient();
  let fetches = 0;
  const observer = new QueryObserver(qc, { queryKey: ['leagues', 'mine'], queryFn: async () => ++fetches });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
  // What live.ts does with an event's keys: one invalidation per key.
  const invalidate = (keys: QueryKey[]) => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
  const twice: QueryKey[] = [['leagues'], ['dashboard'], ['leagues']];
  fetches = 0;
  await invalidate(twice);
  expect(fetches).toBe(2); // TanStack cancels the first refetch and starts another
  fetches = 0;
  await invalidate(coveringKeys(twice));
  expect(fetches).toBe(1);
  unsubscribe();
});
