/**
 * The Attention section's sentences (decision trail, Part 3; src/lib/site/words.ts) and the
 * audit state the archive home filters on (src/lib/projections/audit-state.ts), word for word.
 */
import { describe, expect, it } from 'vitest';
import { auditSentence, reviewFlagsSentence } from '../../src/lib/site/words.ts';
import { auditFigure, auditState, hasDecisionTrail } from '../../src/lib/projections/audit-state.ts';
import type { AuditInfo } from '../../src/lib/model/types.ts';

const ran = (reviewer: string): Extract<AuditInfo, { present: true }> => ({ present: true, valid: true, file: 'audit.json', status: 'ran', reason: '', reviewer, at: '2026-03-02T18:00:00Z', flagCount: 0 });

describe('audit sentences', () => {
  it('says the seed words for each audit state', () => {
    expect(auditSentence(ran('codex-x'), 0)).toEqual({ text: 'No flags from codex-x', tone: 'good' });
    expect(auditSentence(ran('codex-x'), 2)).toBeNull();
    expect(auditSentence({ ...ran(''), status: 'not-run', reason: 'no other family installed' }, 0)).toEqual({ text: 'Not reviewed: no other family installed', tone: 'bad' });
    expect(auditSentence({ present: false }, 0)).toEqual({ text: 'The handover audit was never invoked: this project has no audit.json, so no reviewer looked at the trail.', tone: 'unknown' });
  });

  it('says nothing of a missing audit.json when there is no trail to audit', () => {
    expect(auditSentence({ present: false }, 0, false)).toBeNull();
    expect(auditSentence({ ...ran(''), status: 'failed', reason: 'timeout' }, 0, false)).toEqual({ text: 'Not reviewed: timeout', tone: 'bad' });
  });

  it('keeps the reviewer’s flags and Trailbook’s own apart', () => {
    expect(reviewFlagsSentence('codex-x / gpt-y', 2, 13)).toBe("2 flags from codex-x / gpt-y (layer 2, the reviewer); Trailbook's own checks (layer 1) raised 13 more.");
    expect(reviewFlagsSentence('codex-x', 1, 0)).toBe("1 flag from codex-x (layer 2, the reviewer); Trailbook's own checks (layer 1) raised none.");
  });
});

describe('audit state', () => {
  const trail = [{ format: 'bbs-trail' as const }];
  const coord = [{ format: 'coord' as const }];
  it('reviewed, not reviewed, or no trail to audit', () => {
    expect(hasDecisionTrail([{ format: 'pstack-trail' }])).toBe(true);
    expect(hasDecisionTrail(coord)).toBe(false);
    expect(auditState({ audit: ran('x'), sources: trail })).toBe('reviewed');
    expect(auditState({ audit: { present: false }, sources: trail })).toBe('not-reviewed');
    expect(auditState({ audit: { present: false }, sources: coord })).toBe('no-trail');
    expect(auditState({ audit: { ...ran('x'), status: 'not-run' }, sources: coord })).toBe('not-reviewed');
  });

  it('as the home figure counts and its filters list them: never invoked apart from not reviewed', () => {
    expect(auditFigure({ audit: ran('x'), sources: trail })).toBe('reviewed');
    expect(auditFigure({ audit: { present: false }, sources: trail })).toBe('never-invoked');
    expect(auditFigure({ audit: { ...ran('x'), status: 'failed' }, sources: trail })).toBe('not-reviewed');
    expect(auditFigure({ audit: { present: false }, sources: coord })).toBe('no-trail');
  });
});
