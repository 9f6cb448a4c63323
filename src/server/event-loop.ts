/**
 * Resolves after the event loop has been through its poll phase at least once, so that
 * requests that arrived meanwhile are read and served before the caller goes on. One
 * `setImmediate` is not enough from a request's own code: a request is read in the poll phase,
 * and an immediate queued there runs in the check phase of the same turn, before any further
 * I/O. The second immediate, queued from the check phase, waits for the next turn.
 */
export function afterPendingIo(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
}
