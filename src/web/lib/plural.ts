/** "1 prediction", "2 predictions": a count with its noun in the right number. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
