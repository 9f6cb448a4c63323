import { Link } from 'react-router';
import { Logo } from '../components/Logo';
import { SkipLink, mainProps } from '../components/SkipLink';
import { useSession } from '../lib/session';

export default function NotFound() {
  const { user } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="px-4 py-4 sm:px-8">
        <Logo />
      </header>
      <main
        {...mainProps}
        className="mx-auto flex max-w-lg outline-none flex-1 flex-col items-center justify-center px-4 pb-16 text-center"
      >
        <p className="text-6xl font-extrabold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-700">That page is offside. It may have moved, or the address may be mistyped.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-secondary">
            Back to Home
          </Link>
          {user && (
            <Link to="/dashboard" className="btn-primary">
              Go to Dashboard
            </Link>
          )}
        </div>
      </main>
    </div>
  );
}
