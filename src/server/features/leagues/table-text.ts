import { tablePageDto, tableRowDto, leagueDto, type TableRow as TableRowDto } from '../../../contract/leagues.js';
import { arrayText, jsonText, objectText } from '../../plugins/json-text.js';
import type { PagePlace, TableEntry } from './table-cache.js';
import { presentTableRow } from './presenter.js';
import type { TableRow } from './repository.js';

/** Each kept table's texts: a row's as others see it, made when a page first shows it; the league's for its creator and for members. */
interface EntryTexts {
  rows: (string | undefined)[];
  league: { creator?: string; member?: string };
}
const textsOf = new WeakMap<TableEntry, EntryTexts>();

/**
 * A page of the table as JSON text (decision 0104): what `jsonText(tablePageDto, tablePage(...))`
 * makes, byte for byte, from texts kept with the entry. Only the viewer's own row (marked as
 * theirs) and the page's numbers are written per request. The entry goes when its table is
 * stale, and its texts with it.
 */
export function tablePageText(entry: TableEntry, place: PagePlace, viewer: TableRow): string {
  let texts = textsOf.get(entry);
  if (!texts) {
    texts = { rows: new Array<string | undefined>(entry.shownRows.length), league: {} };
    textsOf.set(entry, texts);
  }
  const isCreator = entry.league.creatorId === viewer.userId;
  const leagueText = isCreator
    ? (texts.league.creator ??= jsonText(leagueDto, entry.shownLeague.creator))
    : (texts.league.member ??= jsonText(leagueDto, entry.shownLeague.member));
  const own = jsonText(tableRowDto, presentTableRow(viewer, entry.league.creatorId, viewer.userId));
  const offset = (place.page - 1) * place.pageSize;
  const end = Math.min(offset + place.pageSize, entry.shownRows.length);
  const rows: string[] = [];
  for (let i = offset; i < end; i++) {
    // Positions are 1-based and in order: the viewer's row is the one at their position.
    if (i === viewer.position - 1) rows.push(own);
    else rows.push((texts.rows[i] ??= jsonText(tableRowDto, entry.shownRows[i] as TableRowDto)));
  }
  return objectText(tablePageDto, {
    league: leagueText,
    season: JSON.stringify(place.season),
    gameweek: JSON.stringify(place.gameweek),
    page: JSON.stringify(place.page),
    pageSize: JSON.stringify(place.pageSize),
    total: JSON.stringify(entry.rows.length),
    rows: arrayText(rows),
    viewer: own,
  });
}
