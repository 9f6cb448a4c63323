import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message);
  return (
    <main className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-700">
        {chunkFailed
          ? 'Scoreline was updated. Reload the page to get the new version.'
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : 'An unexpected error occurred. Please try again later.'}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn-secondary">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
