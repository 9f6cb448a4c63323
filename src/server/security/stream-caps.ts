/**
 * Open long-lived streams counted per client address and in total. The map holds one small
 * entry per address with an open stream (at most `maxTotal` of them), so it is bounded too.
 */
export function createStreamCounter(maxPerAddress: number, maxTotal: number) {
  const perAddress = new Map<string, number>();
  let total = 0;
  return {
    /** Counts a new stream, or says which cap refuses it. */
    tryOpen(address: string): null | 'address' | 'total' {
      const mine = perAddress.get(address) ?? 0;
      if (mine >= maxPerAddress) return 'address';
      if (total >= maxTotal) return 'total';
      perAddress.set(address, mine + 1);
      total++;
      return null;
    },
    close(address: string): void {
      const mine = perAddress.get(address) ?? 0;
      if (mine <= 0) return;
      if (mine === 1) perAddress.delete(address);
      else perAddress.set(address, mine - 1);
      total--;
    },
    get total() {
      return total;
    },
  };
}
