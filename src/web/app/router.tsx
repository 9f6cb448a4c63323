import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { RootLayout } from './RootLayout';
import { PlayerLayout } from './PlayerLayout';
import { RouteError } from './RouteError';

/** Each screen is its own chunk: a route loads only the code it shows. */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...screen(() => import('../routes/Landing')) },
      { path: '/login', ...screen(() => import('../routes/Login')) },
      { path: '/signup', ...screen(() => import('../routes/Signup')) },
      { path: '/verify', ...screen(() => import('../routes/Verify')) },
      { path: '/verified', ...screen(() => import('../routes/Verified')) },
      { path: '/reset-password', ...screen(() => import('../routes/ResetPassword')) },
      { path: '/join/:code', ...screen(() => import('../routes/JoinLeague')) },
      {
        element: <PlayerLayout />,
        children: [
          { path: '/dashboard', ...screen(() => import('../routes/Dashboard')) },
          { path: '/matches', ...screen(() => import('../routes/Matches')) },
          { path: '/predictions', ...screen(() => import('../routes/Predictions')) },
          { path: '/leaderboard', ...screen(() => import('../routes/Leaderboard')) },
          { path: '/new-league', ...screen(() => import('../routes/NewLeague')) },
          { path: '/statistics', ...screen(() => import('../routes/Statistics')) },
          { path: '/contact', ...screen(() => import('../routes/Contact')) },
          { path: '/settings', ...screen(() => import('../routes/Settings')) },
          { path: '/admin', ...screen(() => import('../routes/AdminFixtures')) },
          { path: '/admin/gameweeks', ...screen(() => import('../routes/AdminGameweeks')) },
          { path: '/admin/messages', ...screen(() => import('../routes/AdminMessages')) },
          { path: '/admin/results', ...screen(() => import('../routes/AdminResults')) },
          { path: '/predictions/gameweek/:gameweek', ...screen(() => import('../routes/GameweekSummary')) },
        ],
      },
      { path: '*', ...screen(() => import('../routes/NotFound')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
