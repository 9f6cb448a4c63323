import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '../../../contract/share-images.js';

/**
 * The share pictures as layout trees (decision 0112): pure functions from what a card shows to
 * the element tree satori lays out. What goes in is all that can come out, so the tests of what
 * a picture reveals are tests of these inputs, and every text is cut to a bounded length here.
 */

/** An element as satori reads it (the shape of a React element, without React). */
export interface CardNode {
  type: 'div';
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}
type CardChild = CardNode | string;

/** The invite link's picture: exactly what the invite preview shows a visitor, nothing else. */
export interface InviteCardInput {
  name: string;
  organiser: string;
  memberCount: number;
}

export interface TableCardRow {
  position: number;
  name: string;
  points: number;
  isViewer: boolean;
}

/** A league table's card: the top rows as the member's table shows them, and the member's own row. */
export interface TableCardInput {
  league: string;
  competition: string;
  season: string;
  /** Players in the table. */
  players: number;
  rows: TableCardRow[];
  /** The viewer's row when it is not among `rows` (it follows them after a gap). */
  viewer: TableCardRow | null;
}

/** The player's own gameweek summary as a card. */
export interface SummaryCardInput {
  season: string;
  gameweek: number;
  points: number;
  exact: number;
  predicted: number;
  matches: number;
  overall: { rank: number; players: number } | null;
  leagues: { name: string; position: number; players: number }[];
}

/** Longest texts on a card, in characters: a longer one ends in an ellipsis, so no name can push the layout off the picture. */
export const TEXT_MAX = { title: 40, name: 28, label: 40 } as const;

/** `text` cut to `max` characters (whole code points, so no emoji or accent is split), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const PAD_X = 72;
const PAD_Y = 44;
const COLOURS = { pitch: '#0f3d2b', band: '#14532d', text: '#ffffff', soft: '#bbf7d0', accent: '#facc15' };

const div = (style: Record<string, string | number>, children?: CardChild | CardChild[]): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }) },
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The frame every card shares: the wordmark, a kicker line, the body, and a footer. */
function frame(kicker: string, body: CardNode[], footer: string): CardNode {
  // A fixed inner box rather than padding: sizes in satori's layout do not leave room for padding.
  const inner = { width: SHARE_CARD_WIDTH - 2 * PAD_X, height: SHARE_CARD_HEIGHT - 2 * PAD_Y };
  return div(
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      alignItems: 'center',
      justifyContent: 'center',
      backgroundColor: COLOURS.pitch,
      color: COLOURS.text,
      fontFamily: 'Inter, Inter Extended',
    },
    div({ ...inner, flexDirection: 'column', justifyContent: 'space-between' }, [
      div({ flexDirection: 'column' }, [
        div({ fontSize: 30, fontWeight: 700, color: COLOURS.accent }, 'Scoreline'),
        div({ fontSize: 28, color: COLOURS.soft, marginTop: 8 }, clip(kicker, TEXT_MAX.label)),
      ]),
      div({ flexDirection: 'column', flexGrow: 1, justifyContent: 'center', width: inner.width }, body),
      div({ fontSize: 24, color: COLOURS.soft }, footer),
    ]),
  );
}

export function inviteCard(input: InviteCardInput): CardNode {
  return frame(
    'You are invited to a prediction league',
    [
      div({ fontSize: 72, fontWeight: 700, lineHeight: 1.1 }, clip(input.name, TEXT_MAX.title)),
      div({ fontSize: 36, marginTop: 24 }, `Organised by ${clip(input.organiser, TEXT_MAX.name)}`),
      div({ fontSize: 36, marginTop: 8, color: COLOURS.soft }, plural(input.memberCount, 'member', 'members')),
    ],
    'Predict the scores. Beat your friends.',
  );
}

function tableRow(row: TableCardRow): CardNode {
  return div(
    {
      fontSize: 28,
      padding: '6px 20px',
      marginTop: 4,
      borderRadius: 12,
      backgroundColor: row.isViewer ? COLOURS.band : 'transparent',
      fontWeight: row.isViewer ? 700 : 400,
    },
    [
      div({ width: 80, flexShrink: 0 }, String(row.position)),
      div({ flexGrow: 1, flexShrink: 1, overflow: 'hidden' }, clip(row.name, TEXT_MAX.name)),
      div({ width: 180, flexShrink: 0, justifyContent: 'flex-end' }, plural(row.points, 'pt', 'pts')),
    ],
  );
}

export function tableCard(input: TableCardInput): CardNode {
  const rows = input.rows.map(tableRow);
  if (input.viewer)
    rows.push(div({ fontSize: 20, padding: '0 20px', color: COLOURS.soft }, '…'), tableRow(input.viewer));
  return frame(
    `${input.competition} · ${input.season}`,
    [div({ fontSize: 44, fontWeight: 700, marginBottom: 8 }, clip(input.league, TEXT_MAX.title)), ...rows],
    plural(input.players, 'player', 'players'),
  );
}

export function summaryCard(input: SummaryCardInput): CardNode {
  const figure = (value: string, label: string) =>
    div({ flexDirection: 'column', marginRight: 64 }, [
      div({ fontSize: 80, fontWeight: 700, color: COLOURS.accent }, value),
      div({ fontSize: 28, color: COLOURS.soft }, label),
    ]);
  const figures = [
    figure(String(input.points), input.points === 1 ? 'point' : 'points'),
    figure(String(input.exact), input.exact === 1 ? 'exact score' : 'exact scores'),
    figure(`${input.predicted}/${input.matches}`, 'matches predicted'),
  ];
  if (input.overall) figures.push(figure(`#${input.overall.rank}`, `of ${input.overall.players} overall`));
  const leagues = input.leagues.map((l) =>
    div({ width: '100%', fontSize: 30, marginTop: 6 }, [
      div({ flexGrow: 1, flexShrink: 1, overflow: 'hidden' }, clip(l.name, TEXT_MAX.title)),
      div({ flexShrink: 0 }, `${l.position} of ${l.players}`),
    ]),
  );
  return frame(
    clip(`Season ${input.season}`, TEXT_MAX.label),
    [
      div({ fontSize: 56, fontWeight: 700 }, `My gameweek ${input.gameweek}`),
      div({ marginTop: 24 }, figures),
      div({ flexDirection: 'column', marginTop: 24, width: '100%' }, leagues),
    ],
    'Predict the scores. Beat your friends.',
  );
}
