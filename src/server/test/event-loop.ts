/**
 * Runs `work` and counts the turns the event loop made meanwhile (an immediate that queues the
 * next one, so each counted turn is one check phase): what SQLite's synchronous reads and writes
 * must leave between their parts for other requests.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const count = () => {
    if (!running) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  try {
    const value = await work();
    return { value, turns };
  } finally {
    running = false;
  }
}
