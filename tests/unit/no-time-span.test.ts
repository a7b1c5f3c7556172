/**
 * use12: a real pstack trail (Jenzoga/JMT-MCMT) dates every row `2026-10-07`, a date without a
 * time of day. Each row's meta showed that date, and the recap's header said "Time span: no
 * timed records", as if the rows had none. The header now says what the rows do have.
 */
import { describe, expect, it } from 'vitest';
import { noTimeSpanText } from '../../src/lib/site/words.ts';

const rows = (...ts: string[]) => ts.map((t) => ({ ts: t }));

describe('the time span of a project whose records have no time with a zone', () => {
  it('gives the dates its rows carry, and says they are dates only', () => {
    expect(noTimeSpanText(rows('2026-10-07', '2026-10-07', ' 2026-10-07 '))).toBe('2026-10-07: dates only (3 rows dated without a time of day)');
    expect(noTimeSpanText(rows('2026-10-09', '2026-10-07', 'yesterday', ''))).toBe('2026-10-07 – 2026-10-09: dates only (2 rows dated without a time of day)');
  });

  it('says no timed records when the rows carry no date either', () => {
    expect(noTimeSpanText(rows('', 'yesterday'))).toBe('no timed records');
    expect(noTimeSpanText([])).toBe('no timed records');
  });
});
