import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { RootLayout } from './RootLayout';
import { PlayerLayout } from './PlayerLayout';
import { RouteError } from './RouteError';
import { RouteLoading, type RouteHandle } from './route-title';

/** Each screen is its own chunk: a route loads only the code it shows. */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The document title of a screen ("Predictions · Scoreline"), set by RootLayout from the deepest match. */
const titled = (title: string): RouteHandle => ({ title });

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Lazy screens load after the first render: say so instead of React Router's warning about a missing fallback.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', ...screen(() => import('../routes/Landing')) },
      { path: '/login', handle: titled('Log in'), ...screen(() => import('../routes/Login')) },
      { path: '/signup', handle: titled('Sign up'), ...screen(() => import('../routes/Signup')) },
      { path: '/verify', handle: titled('Verify your e-mail'), ...screen(() => import('../routes/Verify')) },
      { path: '/verified', handle: titled('E-mail verified'), ...screen(() => import('../routes/Verified')) },
      { path: '/reset-password', handle: titled('Reset password'), ...screen(() => import('../routes/ResetPassword')) },
      { path: '/join/:code', handle: titled('Join a league'), ...screen(() => import('../routes/JoinLeague')) },
      {
        element: <PlayerLayout />,
        children: [
          { path: '/dashboard', handle: titled('Dashboard'), ...screen(() => import('../routes/Dashboard')) },
          { path: '/matches', handle: titled('Live Matches'), ...screen(() => import('../routes/LiveMatches')) },
          { path: '/predictions', handle: titled('Predictions'), ...screen(() => import('../routes/Predictions')) },
          { path: '/leaderboard', handle: titled('Leaderboard'), ...screen(() => import('../routes/Leaderboard')) },
          { path: '/leagues', handle: titled('Leagues'), ...screen(() => import('../routes/Leagues')) },
          { path: '/new-league', handle: titled('New league'), ...screen(() => import('../routes/NewLeague')) },
          { path: '/statistics', handle: titled('Statistics'), ...screen(() => import('../routes/Statistics')) },
          { path: '/contact', handle: titled('Contact Us'), ...screen(() => import('../routes/Contact')) },
          { path: '/settings', handle: titled('Settings'), ...screen(() => import('../routes/Settings')) },
          { path: '/admin', handle: titled('Admin Fixtures'), ...screen(() => import('../routes/AdminFixtures')) },
          {
            path: '/admin/gameweeks',
            handle: titled('Gameweeks'),
            ...screen(() => import('../routes/AdminGameweeks')),
          },
          { path: '/admin/seasons', handle: titled('Seasons'), ...screen(() => import('../routes/AdminSeasons')) },
          {
            path: '/admin/messages',
            handle: titled('Contact Messages'),
            ...screen(() => import('../routes/AdminMessages')),
          },
          { path: '/admin/results', handle: titled('Result Desk'), ...screen(() => import('../routes/AdminResults')) },
          {
            path: '/predictions/gameweek/:gameweek',
            handle: titled('Gameweek summary'),
            ...screen(() => import('../routes/GameweekSummary')),
          },
        ],
      },
      { path: '*', handle: titled('Page not found'), ...screen(() => import('../routes/NotFound')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
