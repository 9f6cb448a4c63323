import { describe, expect, it } from 'vitest';
import { inviteHeading, inviteMessage } from './invites';

describe('the invite message', () => {
  it('names the league, carries the link and the code, ready for WhatsApp or e-mail', () => {
    expect(inviteMessage('Office League', 'https://scoreline.example/join/K7QX3M9P', 'K7QX3M9P')).toBe(
      'Join my Scoreline league "Office League": https://scoreline.example/join/K7QX3M9P (code K7QX3M9P)',
    );
  });
});

describe('the invite page’s heading', () => {
  it('invites who is not in the league, and tells a member they are in it, by name', () => {
    expect(inviteHeading({ name: 'Office League', viewer: 'visitor' })).toBe("You're invited to join a league");
    expect(inviteHeading({ name: 'Office League', viewer: 'invited' })).toBe("You're invited to join a league");
    expect(inviteHeading({ name: 'Office League', viewer: 'member' })).toBe("You're a member of Office League");
    expect(inviteHeading({ name: 'Office League', viewer: 'removed' })).toBe('Join a league');
    expect(inviteHeading(undefined)).toBe('Join a league');
  });
});
