/** "Did you mean …?" for misspelt field names and choices. */
/** The candidate closest to `word` if it is close enough to be a likely typo. */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > 100) return undefined;
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    // A word every letter of which must change is a different word, not a typo ("B" is not "A").
    if (d < bestDistance && d < word.length) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal-string-alignment distance: Levenshtein plus adjacent transpositions ("dealy" → "delay" is 1). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
