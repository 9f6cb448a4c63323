/**
 * Said while a dialog's code loads (the league page loads each dialog when first opened): a small
 * spinner in the corner, named for screen readers. The dialog itself takes focus once it is there.
 */
export function DialogLoading() {
  return (
    <div
      role="status"
      aria-label="Loading..."
      className="fixed right-4 bottom-4 z-50 h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand-700"
    />
  );
}

/** Said in place of a form while its code loads. */
export function FormLoading() {
  return (
    <p role="status" className="text-slate-700">
      Loading...
    </p>
  );
}
