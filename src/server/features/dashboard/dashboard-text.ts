import { dashboardDto, dashboardReply } from '../../../contract/dashboard.js';
import { arrayText, jsonText, objectText } from '../../plugins/json-text.js';
import { fixtureText } from '../fixtures/fixture-text.js';
import {
  nextOpenCard,
  openMatches,
  ownParts,
  picksCount,
  upcomingRows,
  type DashboardParts,
  type OwnFigures,
} from './dashboard.js';

const shape = dashboardDto.shape;
type OwnTexts = Record<keyof ReturnType<typeof ownParts>, string>;
/** Per kept figures of a player (replaced when their predictions or a result change): the parts that do not read the clock, as text. */
const ownTexts = new WeakMap<OwnFigures, OwnTexts>();

function ownText(mine: OwnFigures): OwnTexts {
  let texts = ownTexts.get(mine);
  if (!texts) {
    const own = ownParts(mine);
    texts = {
      newcomer: jsonText(shape.newcomer, own.newcomer),
      tiles: jsonText(shape.tiles, own.tiles),
      recentActivity: jsonText(shape.recentActivity, own.recentActivity),
      achievements: jsonText(shape.achievements, own.achievements),
      performance: jsonText(shape.performance, own.performance),
    };
    ownTexts.set(mine, texts);
  }
  return texts;
}

/**
 * The dashboard's answer as JSON text (decision 0104): byte for byte `jsonText(dashboardReply,
 * { dashboard: presentDashboard(parts) })`. The player's figures are written once per kept set,
 * the upcoming matches from the kept fixtures' texts; what reads the clock is written per request.
 */
export function dashboardText(parts: DashboardParts): string {
  const { season, now } = parts;
  const own = ownText(parts.mine);
  const dashboard = objectText(dashboardDto, {
    now: JSON.stringify(now.toISOString()),
    season: jsonText(shape.season, { id: season.id, label: season.label, phase: season.phase }),
    newcomer: own.newcomer,
    tiles: own.tiles,
    gameweek: JSON.stringify(parts.gameweek),
    gameweekState: JSON.stringify(parts.gameweekState),
    picks: jsonText(shape.picks, picksCount(parts)),
    open: jsonText(shape.open, openMatches(parts)),
    upcoming: arrayText(upcomingRows(parts).map((f) => fixtureText(f, now))),
    nextOpen: jsonText(shape.nextOpen, nextOpenCard(parts)),
    changesAt: JSON.stringify(parts.changesAt),
    recentActivity: own.recentActivity,
    achievements: own.achievements,
    performance: own.performance,
  });
  return objectText(dashboardReply, { dashboard });
}
