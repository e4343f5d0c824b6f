/**
 * Text in a table cell or a narrow card (issue 23 §3): words stay whole and go to the next line; only a word
 * longer than the whole cell (a 255-character name without spaces) is broken, and Ukrainian words are hyphenated
 * where the browser knows how (`lang="uk"` on the page). `word-break: break-all` broke every word at the cell's
 * edge, and `overflow-wrap: anywhere` lets a column shrink below its longest word, which at 390 px split
 * «Кваліфікація» as «Кваліфіка-ція» without a hyphen.
 */
export const WORD_WRAP = { overflowWrap: 'break-word', hyphens: 'auto' } as const;

/** An e-mail or an identifier: not a word, so it may break anywhere rather than widen its column. */
export const CODE_WRAP = { overflowWrap: 'anywhere' } as const;

/** An amount, a date, a phone: kept on one line (a narrow column would split 9 724 137,93 after a digit). */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;
