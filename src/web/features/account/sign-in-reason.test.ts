import { describe, expect, test } from 'vitest';
import { signInReason } from './sign-in-reason';
import { landingNavLinks } from './LandingNav';
import { SECTIONS } from './TermsModal';

describe('why the sign-in screen asks', () => {
  test('names the member screen the visitor was on the way to', () => {
    expect(signInReason('/dashboard')).toBe('Sign in to see your dashboard.');
    expect(signInReason('/predictions?tab=results')).toBe('Sign in to make your predictions.');
    expect(signInReason('/predictions/gameweek/3')).toBe('Sign in to see your gameweek summary.');
    expect(signInReason('/leagues?join=1')).toBe('Sign in to see your leagues, or to join or create one.');
    expect(signInReason('/statistics')).toBe('Sign in to see your statistics.');
    expect(signInReason('/admin/results')).toBe('Sign in with an admin account to manage the game.');
    expect(signInReason('/join/K7QX3M9P')).toBe('Sign in to join the league you were invited to.');
  });

  test('says nothing for no screen, an unknown one, or an address off this site', () => {
    expect(signInReason(null)).toBeNull();
    expect(signInReason(undefined)).toBeNull();
    expect(signInReason('/')).toBeNull();
    expect(signInReason('/dashboardx')).toBeNull();
    expect(signInReason('//evil.example/dashboard')).toBeNull();
    expect(signInReason('https://evil.example/dashboard')).toBeNull();
  });
});

describe('the landing page’s navigation', () => {
  test('offers a visitor no member item (no dead Dashboard), and a signed-in player every one', () => {
    const visitor = landingNavLinks(false).map((l) => l.label);
    expect(visitor).toEqual(['Live Matches', 'Predictions', 'Leaderboard']);
    for (const members of ['Dashboard', 'Leagues', 'Statistics', 'Settings']) expect(visitor).not.toContain(members);
    expect(landingNavLinks(true).map((l) => l.to)).toEqual([
      '/dashboard',
      '/matches',
      '/predictions',
      '/leagues',
      '/leaderboard',
      '/statistics',
      '/settings',
    ]);
  });
});

describe('the terms', () => {
  test('speak only of what sign-up asks for: no username any more', () => {
    expect(SECTIONS).toHaveLength(5);
    for (const s of SECTIONS) expect(`${s.title} ${s.body}`).not.toMatch(/user ?name/i);
  });
});
