/**
 * A SHA written in a beads issue's or a coordination event's text is found by a SHA query
 * (src/lib/search/exact-keys.ts: "SHAs written in text"): the tokenizer leaves hex ids out of
 * the words, so without an exact key `8e31e95` found nothing, though the issue says "Fixed in
 * 8e31e95" (real corpus, 45ck__prompt-language).
 */
import { describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { lifecycleSearchRecords } from '../../src/lib/search/lifecycle-records.ts';

const model = {
  root: 'content/x',
  sources: [],
  beads: {
    issues: [
      { id: 'x-bfkj', key: 'x-bfkj', anchor: 'issue-x-bfkj', title: 'Backup not atomic (see 2842af7)', status: 'closed', assignee: '', labels: [], createdAt: '2026-03-24T21:32:59Z', closeReason: 'Fixed in 8e31e95: two-generation backup rotation', description: 'Reverted by a1b2c3d4e5 once.', notes: '' },
    ],
  },
  coordination: {
    events: [{ anchor: 'event-1', eventId: 'e1', issueId: '', actor: 'lead', toAgent: '', eventType: 'handoff', reason: 'landed as 90ccfe22d4e9', payload: {}, scope: '', timestamp: '2026-03-02T10:00:00Z', file: 'coord.jsonl', line: 1 }],
  },
} as unknown as ProjectModel;

describe('SHAs written in lifecycle records', () => {
  it('are exact keys of the issue and of the event that write them', () => {
    const [event, issue] = lifecycleSearchRecords(model);
    expect(issue?.exact).toEqual([
      { key: 'id:x-bfkj', quality: 3 },
      { key: 'hex:2842af7', quality: 2 },
      { key: 'hex:8e31e95', quality: 2 },
      { key: 'hex:a1b2c3d4e5', quality: 2 },
    ]);
    expect(event?.exact).toEqual([
      { key: 'id:e1', quality: 3 },
      { key: 'hex:90ccfe22d4e9', quality: 2 },
    ]);
  });
});
