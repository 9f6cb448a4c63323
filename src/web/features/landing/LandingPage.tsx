import { useEffect, useState } from 'react';
import { LogoMark } from '../../components/LogoMark';
import { LOGO_CLASS } from '../../components/logo-class';
import { Banner } from '../../components/Banner';
import { SkipLink, mainProps } from '../../components/SkipLink';
import { LandingNav } from '../account/LandingNav';
import { useLandingLink } from './link';
import { Icon, type IconName } from '../../components/icons';

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

const FIGURES = [
  { value: '10K+', label: 'Active Predictors' },
  { value: '50K+', label: 'Predictions' },
  { value: '99.9%', label: 'Uptime' },
];

/**
 * Spec §2 Landing: header, hero, features, figures, sign-up offer, Pro teaser and call to action.
 * `seasonLabel` is the current season ("2026/27") once /api/seasons has answered; the page
 * pre-rendered at build time has none and names no season (decision record on the landing season).
 */
export function LandingPage({ signedIn, notice, seasonLabel }: { signedIn: boolean; notice?: string; seasonLabel?: string }) {
  const Link = useLandingLink();
  const [menu, setMenu] = useState(false);

  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenu(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menu]);

  const watchDemo = () => {
    const target = document.getElementById('features');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };

  return (
    <div className="min-h-screen bg-white lg:grid lg:grid-cols-[15rem_1fr]">
      <SkipLink />
      <aside className="hidden border-r border-slate-200 bg-slate-50 p-4 lg:block">
        <div className="sticky top-4 space-y-6">
          <Link to="/" className={LOGO_CLASS}><LogoMark /></Link>
          <LandingNav />
        </div>
      </aside>

      {menu && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={() => setMenu(false)} />
          <aside id="landing-menu" aria-label="Menu" className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col gap-6 bg-white p-4 shadow-xl">
            <div className="flex items-center justify-between">
              <Link to="/" className={LOGO_CLASS}><LogoMark /></Link>
              <button type="button" className="rounded p-2 text-slate-700" onClick={() => setMenu(false)} aria-label="Close menu">
                ✕
              </button>
            </div>
            <LandingNav onNavigate={() => setMenu(false)} />
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
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            <span className="lg:hidden">
              <Link to="/" className={LOGO_CLASS}><LogoMark /></Link>
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
              <h1 className="mt-3 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">Predict every score. Prove you know football.</h1>
              <p className="mt-4 max-w-xl text-lg text-brand-50">
                Call the exact score of every Premier League match, earn points when the results come in, and beat your friends in private leagues.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Link to="/signup" className="btn bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
                  Start Predicting Now
                </Link>
                <button type="button" onClick={watchDemo} className="btn border border-white/70 px-6 py-3 text-base text-white hover:bg-white/10">
                  Watch Demo
                </button>
              </div>
            </div>
          </section>

          <section aria-label="Scoreline in numbers" className="border-b border-slate-200 bg-slate-50">
            <dl className="mx-auto grid max-w-5xl grid-cols-3 gap-4 px-4 py-8 text-center sm:px-6">
              {FIGURES.map((f) => (
                <div key={f.label} className="flex flex-col-reverse">
                  <dt className="text-xs text-slate-700 sm:text-sm">{f.label}</dt>
                  <dd className="text-2xl font-extrabold text-brand-800 sm:text-3xl">{f.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section id="features" tabIndex={-1} aria-labelledby="features-heading" className="mx-auto max-w-5xl scroll-mt-20 px-4 py-16 outline-none sm:px-6">
            <h2 id="features-heading" className="text-3xl font-bold text-slate-900">
              How Scoreline works
            </h2>
            <p className="mt-2 max-w-2xl text-slate-700">Pick a score for each fixture before the deadline. When the final whistle goes, points are added and every table updates.</p>
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

          <section aria-labelledby="plans-heading" className="bg-slate-50">
            <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
              <h2 id="plans-heading" className="text-3xl font-bold text-slate-900">
                Free to play
              </h2>
              <div className="mt-8 grid gap-4 md:grid-cols-2">
                <div className="card border-brand-600">
                  <h3 className="text-xl font-bold">Free</h3>
                  <p className="mt-1 text-3xl font-extrabold text-brand-800">£0</p>
                  <ul className="mt-4 space-y-2 text-slate-700">
                    <li>✓ Predictions for every Premier League match</li>
                    <li>✓ Private leagues with your friends</li>
                    <li>✓ Personal statistics and achievements</li>
                  </ul>
                  <Link to="/signup" className="btn-primary mt-6 w-full">
                    Sign Up Free
                  </Link>
                </div>
                <div className="card bg-gradient-to-br from-amber-50 to-white">
                  <h3 className="text-xl font-bold">Pro Features</h3>
                  <p className="mt-1 text-slate-700">Advanced stats, custom scoring and more are coming soon.</p>
                  <ul className="mt-4 space-y-2 text-slate-700">
                    <li>★ Deeper performance insights</li>
                    <li>★ Custom league scoring</li>
                  </ul>
                  <button type="button" className="btn mt-6 w-full bg-amber-500 text-amber-950 hover:bg-amber-400">
                    Upgrade Now
                  </button>
                </div>
              </div>
            </div>
          </section>

          <section className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
            <h2 className="text-3xl font-bold text-slate-900">Ready for kick-off?</h2>
            <p className="mt-2 text-slate-700">Create your free account in a minute and make your first predictions.</p>
            <Link to="/signup" className="btn-primary mt-6 px-8 py-3 text-base">
              Get Started
            </Link>
          </section>
        </main>

        <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-600">Scoreline · Premier League score predictions</footer>
      </div>
    </div>
  );
}
