/**
 * use12: a real pstack trail (Jenzoga/JMT-MCMT) dates every row `2026-10-07`, a date without a
 * time of day. Each row's meta showed that date, and the recap's header said "Time span: no
 * timed records", as if the rows had none. The header now says what the rows do have.
 */
import { describe, expect, it } from 'vitest';
import { homeTimeSpanText, noTimeSpanText } from '../../src/lib/site/words.ts';
import { summarise } from '../../src/lib/archive/summary.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';

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

describe('the archive home\'s Time span of such a project (use13: it showed "—")', () => {
  const model = (span: ProjectModel['span'], ...ts: string[]) => ({ id: 'p', span, rows: rows(...ts) }) as unknown as ProjectModel;

  it('reads the dates from the project summary, as the recap does', () => {
    const s = summarise(model(null, ...Array.from({ length: 14 }, () => '2026-10-07'), 'yesterday'), 'd');
    expect(s.datesOnly).toEqual({ from: '2026-10-07', to: '2026-10-07', rows: 14 });
    expect(homeTimeSpanText(s)).toBe('2026-10-07 (dates only)');
    expect(homeTimeSpanText(summarise(model(null, '2026-10-09', '2026-10-07'), 'd'))).toBe('2026-10-07 – 2026-10-09 (dates only)');
  });

  it('keeps a timed span, and the dash for a project with neither', () => {
    const timed = summarise(model({ from: '2026-03-02T09:10:00.000Z', to: '2026-03-04T11:40:00.000Z' }, '2026-03-02T09:10:00Z', '2026-03-05'), 'd');
    expect(timed.datesOnly).toBeUndefined();
    expect(homeTimeSpanText(timed)).toBe('2026-03-02 – 2026-03-04');
    const none = summarise(model(null, '', 'yesterday'), 'd');
    expect(none.datesOnly).toBeUndefined();
    expect(homeTimeSpanText(none)).toBe('—');
  });
});
