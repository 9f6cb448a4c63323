import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with no background traffic (this machine has no internet). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** What a test may set on a context besides its base URL; the rest is the same for every test. */
export type ContextOptions = { viewport?: { width: number; height: number } } & Pick<
  BrowserContextOptions,
  'isMobile' | 'hasTouch' | 'permissions'
>;

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  options: Omit<ContextOptions, 'viewport'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...options,
    baseURL,
    viewport,
    timezoneId: 'Europe/London',
    locale: 'en-GB',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * A browser context signed in as the holder of `cookie` (a `name=value` session cookie as built by
 * `buildSessionCookie`), at `viewport` (desktop by default).
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  cookie: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const { viewport, ...rest } = options;
  const context = await newContext(browser, baseURL, viewport, rest);
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: baseURL }]);
  return context;
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeCheck {
  /** Selectors to audit; the whole document (head rules included) when absent. */
  include?: string[];
  /** Selectors to leave out. */
  exclude?: string[];
  /** axe rule tags to run. */
  tags?: string[];
  /** Only violations of these impacts count; every impact when absent. */
  impacts?: string[];
}

/** WCAG 2 A/AA inside the body, toasts aside: they come and go and are styled by the app shell. */
export const WCAG2_BODY: AxeCheck = {
  include: ['body'],
  exclude: ['[data-sonner-toaster]'],
  tags: ['wcag2a', 'wcag2aa'],
};

/** Serious and critical violations of WCAG 2.1 A/AA and axe's best practices, whole document. */
export const SERIOUS_WCAG21: AxeCheck = {
  tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
  impacts: ['serious', 'critical'],
};

/**
 * The accessibility violations axe-core finds on the page, as "rule (impact): help — targets"
 * lines, so an `toEqual([])` failure says what to fix. Runs axe through the debugging protocol,
 * which the page's Content Security Policy does not block.
 */
export async function axeViolations(page: Page, check: AxeCheck = WCAG2_BODY): Promise<string[]> {
  // Colours are checked as painted: a button fading in as it is enabled (the `transition` of
  // every .btn, 150 ms) would read as low contrast half-way, so finite transitions and animations
  // finish first (a spinner's endless one is left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ include, exclude, tags, impacts }) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          ctx: object,
          opts: object,
        ): Promise<{
          violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
        }>;
      };
    };
    const context = include
      ? { include: include.map((s) => [s]), exclude: (exclude ?? []).map((s) => [s]) }
      : exclude?.length
        ? { exclude: exclude.map((s) => [s]) }
        : document;
    const r = await axe.run(context, { runOnly: { type: 'tag', values: tags ?? ['wcag2a', 'wcag2aa'] } });
    return r.violations
      .filter((v) => !impacts || impacts.includes(v.impact))
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, check);
}

/** Fails the test on any uncaught page error or CSP violation, which would otherwise go unnoticed. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}
