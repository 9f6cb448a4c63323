import type { Dashboard } from '../../../contract/dashboard';

type Performance = Dashboard['performance'][number];

/**
 * A Performance bar in words: its figure against its target, and what the target is, so that
 * "Points 17/50" does not leave anyone guessing what 50 is.
 */
export function performanceText(p: Performance): { figure: string; target: string } {
  switch (p.id) {
    case 'points':
      return { figure: `${p.value} · target ${p.goal}`, target: `Target: ${p.goal} points this season.` };
    case 'streak':
      return {
        figure: `${p.value} · target ${p.goal}`,
        target: `Target: ${p.goal} right predictions in a row (your current run).`,
      };
    case 'success':
      return { figure: `${p.value}%`, target: 'Share of your predictions with a result that were right.' };
  }
}
