/** Plain, readable e-mails. Every link is also in the text part so any client can follow it. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function actionEmail(opts: { greeting: string; intro: string; action: string; url: string; outro?: string }) {
  const text = `${opts.greeting}\n\n${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${opts.outro ?? ''}\n— Scoreline`.replace(/\n{3,}/g, '\n\n');
  const html = `<p>${escapeHtml(opts.greeting)}</p><p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;padding:10px 16px;background:#16a34a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="color:#555;font-size:13px">Or open this link: ${escapeHtml(opts.url)}</p>
${opts.outro ? `<p>${escapeHtml(opts.outro)}</p>` : ''}<p>— Scoreline</p>`;
  return { text, html };
}

export { escapeHtml };
