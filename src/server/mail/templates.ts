/** Plain, readable e-mails. Every link is also in the text part so any client can follow it. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailLink {
  label: string;
  url: string;
}

export function actionEmail(opts: {
  greeting: string;
  intro: string;
  action: string;
  url: string;
  outro?: string;
  secondary?: MailLink & { intro: string };
}) {
  const second = opts.secondary ? `${opts.secondary.intro}\n${opts.secondary.label}: ${opts.secondary.url}\n\n` : '';
  const text =
    `${opts.greeting}\n\n${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${second}${opts.outro ?? ''}\n— Scoreline`.replace(
      /\n{3,}/g,
      '\n\n',
    );
  const secondHtml = opts.secondary
    ? `<p>${escapeHtml(opts.secondary.intro)} <a href="${escapeHtml(opts.secondary.url)}">${escapeHtml(opts.secondary.label)}</a></p>\n`
    : '';
  const html = `<p>${escapeHtml(opts.greeting)}</p><p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;padding:10px 16px;background:#16a34a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="color:#555;font-size:13px">Or open this link: ${escapeHtml(opts.url)}</p>
${secondHtml}${opts.outro ? `<p>${escapeHtml(opts.outro)}</p>` : ''}<p>— Scoreline</p>`;
  return { text, html };
}

// ---------------------------------------------------------------- who asked, and when

/**
 * What an account mail says about the request behind it: when (to the minute, UTC) and from
 * what kind of client. The client is named only from a fixed list ("Firefox on Windows"), never
 * by echoing its User-Agent: nothing a stranger typed reaches a genuine mail.
 */
export interface RequestFacts {
  at: Date;
  userAgent: string | null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const two = (n: number) => String(n).padStart(2, '0');

/** "Saturday 28 November 2026 at 17:10 UTC". */
export function whenText(at: Date): string {
  return `${WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()} at ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Headless)?(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPod)\b/, 'an iPhone'],
  [/\biPad\b/, 'an iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'a Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** "Firefox on Windows", "a web browser", or "a program that is not a web browser". */
export function clientText(userAgent: string | null): string {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!/^Mozilla\/\d/.test(ua)) return 'a program that is not a web browser';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return 'a web browser';
}

const asked = (f: RequestFacts) => `on ${whenText(f.at)}, from ${clientText(f.userAgent)}`;

// ---------------------------------------------------------------- account mails (they greet without any user-chosen name)

/** "Confirm your address", with who asked and when, and a way to say it was not them. */
export function verificationEmail(opts: { url: string; notMeUrl: string; request: RequestFacts }) {
  return actionEmail({
    greeting: 'Welcome to Scoreline!',
    intro: `Someone asked to create a Scoreline account with this e-mail address ${asked(opts.request)}. If it was you, confirm your address to start predicting. If you open the link on another device, you will be asked to choose your password there.`,
    action: 'Verify your e-mail',
    url: opts.url,
    secondary: {
      intro:
        "If it wasn't you, nobody gets an account with your address unless this link is used. You can also delete the registration now:",
      label: "This wasn't me",
      url: opts.notMeUrl,
    },
    outro: 'The verification link works for 24 hours.',
  });
}

/** To the owner of an address that already has an account, when someone signs up with it again. */
export function signUpAttemptEmail(opts: { signInUrl: string; request: RequestFacts }) {
  return actionEmail({
    greeting: 'Hi,',
    intro: `Someone tried to create a new Scoreline account with this e-mail address ${asked(opts.request)}. Your address already has an account, so nothing was changed.`,
    action: 'Sign in',
    url: opts.signInUrl,
    outro:
      "If it was you and you've forgotten your password, use “Forgot your password?” on the sign-in page. If it wasn't you, you can ignore this e-mail.",
  });
}

export function resetPasswordEmail(opts: { url: string; request: RequestFacts }) {
  return actionEmail({
    greeting: 'Hi,',
    intro: `Someone asked to reset the password of your Scoreline account ${asked(opts.request)}. If it was you, choose a new password within the hour.`,
    action: 'Reset your password',
    url: opts.url,
    outro: "If you didn't ask for this, you can ignore this e-mail; your password stays the same.",
  });
}

export { escapeHtml };
