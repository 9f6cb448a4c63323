import { useSyncExternalStore } from 'react';
import { useMyLeagues } from '../leagues/api';

/**
 * Whose picks the cards show: every player's (null) or one of the viewer's leagues'. One choice
 * for every screen, kept in this browser (a player who follows their mates' league keeps seeing
 * it); a league the viewer is no longer in falls back to every player.
 */
const STORAGE_KEY = 'scoreline.pickScope';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) || null;
  } catch {
    return null; // Storage switched off: the choice lasts for this page only.
  }
}
let current: string | null = read();

export function choosePickScope(leagueId: string | null): void {
  current = leagueId;
  try {
    if (leagueId === null) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, leagueId);
  } catch {
    // Kept in memory only.
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export interface PickScope {
  /** The league whose picks are shown, or null for every player's. */
  league: { id: string; name: string } | null;
  /** The viewer's leagues (the choices besides every player). */
  leagues: Array<{ id: string; name: string }>;
  /** Still finding out whether the chosen league is one of the viewer's: ask for nothing yet. */
  pending: boolean;
}

export function usePickScope(): PickScope {
  const chosen = useSyncExternalStore(subscribe, () => current);
  const mine = useMyLeagues();
  const leagues = (mine.data ?? []).map((l) => ({ id: l.id, name: l.name }));
  const league = chosen === null ? null : (leagues.find((l) => l.id === chosen) ?? null);
  return { league, leagues, pending: chosen !== null && mine.isPending };
}
