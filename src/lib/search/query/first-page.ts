/**
 * The sizes of a search's first page (issue 30): how many results a first page read from top
 * blocks or first blocks must hold to be shown as it is, when a word's whole list is read
 * instead, and how many stored titles a phrase's first page may read (engine.ts, phrase-page.ts,
 * one-filter.ts).
 */

/** Results a first page read from top blocks must hold (every word, every filter) to be shown as it is: a page of results. */
export const FIRST_PAGE = 25;

/**
 * A first page reads its words' whole lists, not their top blocks, when they hold at most this
 * many top blocks' postings in all (a top block: TOP_POSTINGS, format.ts; 65,536 postings at
 * the format's sizes).
 */
export const WHOLE_LISTS_TOP_BLOCKS = 4;

/** Stored titles a phrase's first page reads, at most (phrasePage): two pages of results. */
export const PHRASE_READS = 2 * FIRST_PAGE;
