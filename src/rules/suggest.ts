/**
 * "Did you mean": the known name nearest to a misspelled one, for every place that refuses a rule
 * id (`syncplan.cdk8s.io/suppress`, `Suppressions.add`, `syncplan lint --level`). Nearest by edit
 * distance with adjacent swaps (optimal string alignment), case ignored; nothing when no name is
 * within a third of its length, so a word that only shares letters suggests nothing.
 */

/**
 * The candidate nearest to `value`, if one is close enough to be what was meant. `most`: fewer
 * edits still, where a near name can mean the opposite (`PruneFirst` is three from `PruneLast`).
 */
export function nearest(value: string, candidates: Iterable<string>, most = Number.POSITIVE_INFINITY): string | undefined {
  const v = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = distance(v, c.toLowerCase());
    if (d < bestDistance && d <= Math.min(most, Math.max(1, Math.floor(c.length / 3)))) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** `"x" is not a rule id`, with the nearest id when there is one. */
export function notARuleId(id: string, known: Iterable<string>): string {
  const close = nearest(id, known);
  return `"${id}" is not a rule id${close !== undefined ? ` (did you mean "${close}"?)` : ''}`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
