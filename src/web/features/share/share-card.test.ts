import { describe, expect, test } from 'vitest';
import { CARD_FAILED, shareCard, type ShareHost } from './share-card';

const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });
const card = { path: '/api/summary/card.png?gameweek=3', fileName: 'scoreline-gameweek-3.png', title: 'My gameweek 3' };

function host(over: Partial<ShareHost> = {}) {
  const calls = { shared: [] as ShareData[], downloaded: [] as File[] };
  const h: ShareHost = {
    fetch: async () => png(),
    download: (file) => void calls.downloaded.push(file),
    ...over,
  };
  return { h, calls };
}

describe('sharing a card', () => {
  test('where the browser can share files, the PNG goes to the share sheet as a file', async () => {
    const shared: ShareData[] = [];
    const { h, calls } = host({
      canShare: (d) => (d.files?.length ?? 0) > 0,
      share: async (d) => void shared.push(d),
    });
    expect(await shareCard(h, card)).toEqual({ kind: 'shared' });
    expect(shared[0]!.files![0]!.name).toBe('scoreline-gameweek-3.png');
    expect(shared[0]!.files![0]!.type).toBe('image/png');
    expect(calls.downloaded).toEqual([]);
  });

  test('where it cannot share files (a desktop), the PNG is downloaded', async () => {
    const { h, calls } = host({ canShare: () => false, share: async () => {} });
    expect(await shareCard(h, card)).toEqual({ kind: 'downloaded' });
    expect(calls.downloaded[0]!.name).toBe('scoreline-gameweek-3.png');
  });

  test('closing the sheet is not an error; a refused share falls back to the download', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const closed = host({ canShare: () => true, share: async () => Promise.reject(abort) });
    expect(await shareCard(closed.h, card)).toEqual({ kind: 'cancelled' });
    const refused = host({ canShare: () => true, share: async () => Promise.reject(new Error('NotAllowedError')) });
    expect(await shareCard(refused.h, card)).toEqual({ kind: 'downloaded' });
  });

  test("the server's refusal is said in its own words", async () => {
    const limited = host({
      fetch: async () =>
        Response.json({ error: { code: 'rate_limited', message: 'Please wait a minute.' } }, { status: 429 }),
    });
    expect(await shareCard(limited.h, card)).toEqual({ kind: 'failed', message: 'Please wait a minute.' });
    const broken = host({ fetch: async () => new Response('oops', { status: 500 }) });
    expect(await shareCard(broken.h, card)).toEqual({ kind: 'failed', message: CARD_FAILED });
  });
});
