import { describe, expect, test } from 'vitest';
import { notificationFromPush, sameOriginPath } from './push-handlers';

const ORIGIN = 'https://scoreline.example';

describe('push messages in the service worker', () => {
  test('show the title, body and a path in this app', () => {
    expect(
      notificationFromPush(JSON.stringify({ title: 'One hour left', body: '1 match', url: '/predictions' }), ORIGIN),
    ).toEqual({
      title: 'One hour left',
      body: '1 match',
      url: '/predictions',
    });
  });
  test('a link to another site, or a message that does not parse, opens the app instead', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 42])
      expect(sameOriginPath(url, ORIGIN)).toBe('/');
    expect(notificationFromPush('not json', ORIGIN)).toEqual({
      title: 'Scoreline',
      body: 'Something new in Scoreline.',
      url: '/',
    });
  });
});
