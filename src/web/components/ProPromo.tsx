/** The Pro Features teaser. Its button does nothing anywhere in the product (spec §1). */
export function ProPromo() {
  return (
    <div className="rounded-xl bg-gradient-to-br from-amber-100 to-amber-50 p-4 text-sm text-amber-950">
      <p className="font-bold">Pro Features</p>
      <p className="mt-1">Advanced stats, custom scoring and more are coming soon.</p>
      <button type="button" className="btn mt-3 w-full bg-amber-500 text-amber-950 hover:bg-amber-400">
        Upgrade Now
      </button>
    </div>
  );
}
