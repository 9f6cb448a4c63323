import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { SkipLink, mainProps } from '../../components/SkipLink';

/** The frame of the account screens: logo, a centred card, and a way back home. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-brand-50 via-white to-sky-50">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo />
        <Link to="/" className="text-sm font-medium text-slate-700 hover:text-slate-900">
          ← Back to Home
        </Link>
      </header>
      <main
        {...mainProps}
        className="flex flex-1 items-start outline-none justify-center px-4 pb-12 pt-4 sm:items-center"
      >
        <div className="card w-full max-w-md">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <div className="mt-1 text-sm text-slate-700">{subtitle}</div>}
          <div className="mt-6">{children}</div>
          {footer && (
            <div className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-700">{footer}</div>
          )}
        </div>
      </main>
    </div>
  );
}
