import crypto from 'node:crypto';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, inviteImagePath } from '../../../contract/share-images.js';
import type { InviteCardInput } from './cards.js';

/**
 * The Open Graph tags of an invite link's page (decision 0112), put into the web app's shell
 * before `</head>`. A league's tags say only what the invite preview says (its name, organiser
 * and member count); a code that leads nowhere, or a page over its address's allowance, gets the
 * site's own tags, so the page never tells a valid code from an invalid one beyond what the
 * preview does.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** A short hash of what the picture shows: link previews cache by URL, so a changed league gets a new one. */
export const inviteImageVersion = (input: InviteCardInput) =>
  crypto.createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 12);

export interface InviteTags {
  publicUrl: string;
  code: string;
  invite: InviteCardInput;
}

const meta = (attr: 'property' | 'name', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;

export function inviteMetaTags(tags: InviteTags | null): string {
  if (!tags)
    return [
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', 'Scoreline'),
      meta('property', 'og:title', 'Join a league on Scoreline'),
      meta('property', 'og:description', 'Predict the exact score of every match and beat your friends in a league.'),
      meta('name', 'twitter:card', 'summary'),
    ].join('');
  const { invite, publicUrl, code } = tags;
  const members = `${invite.memberCount} ${invite.memberCount === 1 ? 'member' : 'members'}`;
  const image = `${publicUrl}${inviteImagePath(code)}?v=${inviteImageVersion(invite)}`;
  const title = `Join "${invite.name}" on Scoreline`;
  const description = `${invite.organiser} invites you to their prediction league (${members}).`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Scoreline'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${publicUrl}/join/${encodeURIComponent(code)}`),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_CARD_WIDTH)),
    meta('property', 'og:image:height', String(SHARE_CARD_HEIGHT)),
    meta('property', 'og:image:alt', `${invite.name}, organised by ${invite.organiser}, ${members}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ].join('');
}

/** The shell with the tags before its `</head>` (a shell without one gets them at its start). */
export function withTags(shell: string, tags: string): string {
  const at = shell.indexOf('</head>');
  return at < 0 ? tags + shell : shell.slice(0, at) + tags + shell.slice(at);
}
