import { useEffect, useState, type MouseEvent } from 'react';
import { LogoMark } from '../../components/LogoMark';
import { LOGO_CLASS } from '../../components/logo-class';
import { Banner } from '../../components/Banner';
import { SkipLink, mainProps } from '../../components/SkipLink';
import { LandingNav } from '../account/LandingNav';
import { useLandingLink } from './link';
import { Icon, type IconName } from '../../components/icons';
import { formatCount, type LandingFigures } from './public-figures';

const FEATURES = [
  {
    icon: 'trophy' as IconName,
    title: 'Live Leaderboards',
    text: 'See where you stand the moment results come in, overall and in every league you play in.',
  },
  {
    icon: 'bolt' as IconName,
    title: 'Real-time Updates',
    text: 'Fixtures, results and tables refresh on their own. No need to reload the page.',
  },
  {
    icon: 'users' as IconName,
    title: 'Community',
    text: 'Create a private league, share its code with friends and find out who really knows football.',
  },
  {
    icon: 'scale' as IconName,
    title: 'Fair Scoring',
    text: '3 points for the exact score, 1 point for the correct result. Predictions close 2 hours before kick-off.',
  },
];

/**
 * The landing page: header, hero, features, figures, the free offer and a call to action.
 * `seasonLabel` is the current season ("2026/27") once /api/seasons has answered; the page
 * pre-rendered at build time has none and names no season (decision record 0017). `figures` are
 * counted by the server (/api/public-figures); until they arrive, or when the season has too few
 * players, no figure is shown at all (decision record 0048). The page offers nothing that does
 * not exist: no paid plan, no demo video.
 */
export function LandingPage({
  signedIn,
  notice,
  seasonLabel,
  figures,
}: {
  signedIn: boolean;
  notice?: string;
  seasonLabel?: string;
  figures?: LandingFigures;
}) {
  const Link = useLandingLink();
  const [menu, setMenu] = useState(false);

  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenu(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menu]);

  // A link to the section (it works before any script runs); with scripts, a smooth scroll that moves focus there too.
  const showHowItWorks = (e: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById('features');
    if (!target) return;
    e.preventDefault();
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  };

  return (
    <div className="min-h-screen bg-white lg:grid lg:grid-cols-[15rem_1fr]">
      <SkipLink />
      <aside className="hidden border-r border-slate-200 bg-slate-50 p-4 lg:block">
        <div className="sticky top-4 space-y-6">
          <Link to="/" className={LOGO_CLASS}>
            <LogoMark />
          </Link>
          <LandingNav signedIn={signedIn} />
        </div>
      </aside>

      {menu && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={() => setMenu(false)} />
          <aside
            id="landing-menu"
            aria-label="Menu"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col gap-6 bg-white p-4 shadow-xl"
          >
            <div className="flex items-center justify-between">
              <Link to="/" className={LOGO_CLASS}>
                <LogoMark />
              </Link>
              <button
                type="button"
                className="rounded p-2 text-slate-700"
                onClick={() => setMenu(false)}
                aria-label="Close menu"
              >
                ✕
              </button>
            </div>
            <LandingNav signedIn={signedIn} onNavigate={() => setMenu(false)} />
          </aside>
        </div>
      )}

      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:px-6">
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
              aria-label="Open menu"
              aria-expanded={menu}
              aria-controls="landing-menu"
              onClick={() => setMenu(true)}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            <span className="lg:hidden">
              <Link to="/" className={LOGO_CLASS}>
                <LogoMark />
              </Link>
            </span>
          </div>
          <nav aria-label="Account" className="flex items-center gap-2">
            {signedIn ? (
              <Link to="/dashboard" className="btn-primary">
                Dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className="btn-secondary">
                  Login
                </Link>
                <Link to="/signup" className="btn-primary">
                  Register
                </Link>
              </>
            )}
          </nav>
        </header>

        <main {...mainProps} className="outline-none">
          {notice && (
            <div className="mx-auto max-w-5xl px-4 pt-4 sm:px-6">
              <Banner kind="success">{notice}</Banner>
            </div>
          )}

          <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-emerald-700 text-white">
            <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-100" data-testid="landing-season">
                {seasonLabel ? `Premier League ${seasonLabel}` : 'Premier League'}
              </p>
              <h1 className="mt-3 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">
                Predict every score. Prove you know football.
              </h1>
              <p className="mt-4 max-w-xl text-lg text-brand-50">
                Call the exact score of every Premier League match, earn points when the results come in, and beat your
                friends in private leagues.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Link to="/signup" className="btn bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
                  Start Predicting Now
                </Link>
                <a
                  href="#features"
                  onClick={showHowItWorks}
                  className="btn border border-white/70 px-6 py-3 text-base text-white hover:bg-white/10"
                >
                  See how it works
                </a>
              </div>
            </div>
          </section>

          <section
            id="features"
            tabIndex={-1}
            aria-labelledby="features-heading"
            className="mx-auto max-w-5xl scroll-mt-20 px-4 py-16 outline-none sm:px-6"
          >
            <h2 id="features-heading" className="text-3xl font-bold text-slate-900">
              How Scoreline works
            </h2>
            <p className="mt-2 max-w-2xl text-slate-700">
              Pick a score for each fixture before the deadline. When the final whistle goes, points are added and every
              table updates.
            </p>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {FEATURES.map((f) => (
                <li key={f.title} className="card">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                    <Icon name={f.icon} className="h-6 w-6" />
                  </span>
                  <h3 className="mt-3 text-lg font-bold text-slate-900">{f.title}</h3>
                  <p className="mt-1 text-slate-700">{f.text}</p>
                </li>
              ))}
            </ul>
          </section>

          {figures && (
            // Below the first screen, so arriving after the paint moves nothing a visitor is looking at.
            <section
              aria-labelledby="figures-heading"
              className="border-y border-slate-200 bg-slate-50"
              data-testid="landing-figures"
            >
              <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
                <h2
                  id="figures-heading"
                  className="text-center text-sm font-semibold uppercase tracking-wider text-slate-700"
                >
                  {seasonLabel ? `This season so far (${seasonLabel})` : 'This season so far'}
                </h2>
                <dl className="mt-4 grid grid-cols-3 gap-4 text-center">
                  {[
                    { value: figures.players, label: 'Players' },
                    { value: figures.predictions, label: 'Predictions made' },
                    { value: figures.results, label: 'Results scored' },
                  ].map((f) => (
                    <div key={f.label} className="flex flex-col-reverse justify-end">
                      <dt className="text-xs text-slate-700 sm:text-sm">{f.label}</dt>
                      <dd className="text-2xl font-extrabold text-brand-800 sm:text-3xl">{formatCount(f.value)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </section>
          )}

          <section aria-labelledby="plans-heading" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
            <h2 id="plans-heading" className="text-3xl font-bold text-slate-900">
              Free to play
            </h2>
            <div className="card mt-8 max-w-xl border-brand-600">
              <p className="text-3xl font-extrabold text-brand-800">£0</p>
              <p className="mt-1 text-slate-700">Everything in Scoreline is free. There is no paid plan.</p>
              <ul className="mt-4 space-y-2 text-slate-700">
                <li>✓ Predictions for every Premier League match</li>
                <li>✓ Private leagues with your friends</li>
                <li>✓ Personal statistics and achievements</li>
              </ul>
              <Link to="/signup" className="btn-primary mt-6 w-full">
                Sign Up Free
              </Link>
            </div>
          </section>

          <section className="bg-slate-50">
            <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
              <h2 className="text-3xl font-bold text-slate-900">Ready for kick-off?</h2>
              <p className="mt-2 text-slate-700">
                Create your free account in a minute and make your first predictions.
              </p>
              <Link to="/signup" className="btn-primary mt-6 px-8 py-3 text-base">
                Get Started
              </Link>
            </div>
          </section>
        </main>

        <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
          Scoreline · Premier League score predictions
          <p className="mt-2">
            Trouble signing in?{' '}
            <Link to="/contact" className="font-semibold text-brand-800 underline">
              Contact us
            </Link>
          </p>
        </footer>
      </div>
    </div>
  );
}
