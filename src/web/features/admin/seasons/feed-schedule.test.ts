import { expect, test } from 'vitest';
import { feedScheduleText } from './FeedPanel';

test('the feed panel says when the feed is read, in the right number', () => {
  expect(feedScheduleText(null)).toBe('Read when you press Sync now (no schedule is set on this server).');
  expect(feedScheduleText(1)).toBe('Read every minute, and when you press Sync now.');
  expect(feedScheduleText(60)).toBe('Read every 60 minutes, and when you press Sync now.');
  expect(feedScheduleText(1440)).toBe('Read every 1,440 minutes, and when you press Sync now.');
});
