import { describe, expect, it } from 'vitest';
import { inviteMessage } from './invites';

describe('the invite message', () => {
  it('names the league, carries the link and the code, ready for WhatsApp or e-mail', () => {
    expect(inviteMessage('Office League', 'https://scoreline.example/join/K7QX3M9P', 'K7QX3M9P')).toBe(
      'Join my Scoreline league "Office League": https://scoreline.example/join/K7QX3M9P (code K7QX3M9P)',
    );
  });
});
