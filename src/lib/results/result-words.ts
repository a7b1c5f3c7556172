/**
 * The words a row's free-text `result` is read by (decision trail, Part 1, `result`: "the
 * state the decision reached: `verified`, `failed`, `open`, `inconclusive`, `reverted`, or a
 * short predicate note"; pstack defines the result as free text). docs/checks.md lists these
 * lists and the rule; `tests/unit/result-classifier.test.ts` holds each list's real examples.
 *
 * Every word is lower case; a phrase is words separated by one space. Latin words match
 * whole words (a hyphenated word is one word: `fail-closed` is not `fail`); Japanese, Korean
 * and Chinese words match as text inside the clause, longest first.
 */

/** Words that say a check ran and did not hold: → `failed`. */
export const FAILED_WORDS: readonly string[] = [
  'fail', 'fails', 'failed', 'failing', 'failure', 'failures',
  'error', 'errors', 'errored',
  'red', 'broken', 'breaks', 'broke',
  'regressed', 'regression', 'regressions',
  'refuted', 'disproven', 'crashed', 'crashes', 'crash',
  'violated', 'violation', 'violations',
  'rejected by reviewer', 'not passing', 'does not pass', 'did not pass',
];

/** Words that say the work is not finished or not started: → `open`. */
export const OPEN_WORDS: readonly string[] = [
  'open', 'pending', 'blocked', 'blocker', 'blockers', 'in progress', 'running',
  'awaiting', 'waiting', 'todo', 'to do', 'wip', 'tbd', 'not yet', 'unresolved', 'deferred',
];

/** Words that say a check was not (fully) made: → `inconclusive`. */
export const INCONCLUSIVE_WORDS: readonly string[] = [
  'inconclusive', 'partial', 'partially', 'untested', 'unverified', 'unproven', 'unconfirmed',
  'unknown', 'unclear', 'flaky', 'not run', 'not verified', 'not tested', 'not checked',
  'not confirmed', 'not proven', 'never run',
];

/** Words that say a change was taken back or replaced: → `reverted`. */
export const REVERTED_WORDS: readonly string[] = ['reverted', 'revert', 'rolled back', 'rollback', 'superseded', 'backed out', 'undone'];

/** Words that say the step was skipped on purpose (quality-and-design-controls.md, the design arena: `result: skipped`). */
export const SKIPPED_WORDS: readonly string[] = ['skipped', 'skip'];

/** The seed's own state word: → `verified` (the agent's `verified`; the evidence still has to resolve). */
export const VERIFIED_WORDS: readonly string[] = ['verified'];

/**
 * Success predicates: the agent says the step is done or held → `reported-done`, a state of
 * its own (the agent's word, not a check Trailbook made).
 */
export const DONE_WORDS: readonly string[] = [
  'pass', 'passed', 'passes', 'passing', 'green', 'ok', 'okay', 'succeeded', 'success', 'successful',
  'clean', 'works', 'working', 'holds', 'confirmed', 'proven',
  'done', 'complete', 'completed', 'finished', 'all applied', 'applied', 'merged', 'landed', 'shipped',
  'committed', 'pushed', 'kept', 'fixed', 'resolved', 'corrected', 'recovered', 'cleared',
  'implemented', 'installed', 'added', 'written', 'updated', 'generated', 'removed', 'deleted',
  'closed', 'stack-ready', 'lgtm',
];

/**
 * Words before a state word (at most two words before it, in its clause) that deny it:
 * `not passing`, `0 failed`, `no errors`, `zero unexpected errors`, `never committed`.
 */
export const NEGATORS: readonly string[] = ['not', 'no', 'never', 'zero', '0', 'none', 'without', 'nothing', "isn't", "wasn't", "doesn't", "didn't", "aren't", "weren't"];

/**
 * A failure word followed, in its clause, by one of these is a failure already dealt with or
 * deliberate: `errors noted`, `blockers resolved`, `failed before fix` (red before green),
 * `pre-existing`.
 */
export const SETTLED_AFTER: readonly string[] = ['resolved', 'fixed', 'cleared', 'gone', 'noted', 'logged', 'filed', 'tracked', 'addressed', 'handled', 'covered', 'caught', 'expected', 'before', 'pre-existing', 'preexisting', 'known'];

/**
 * A failure word whose clause opens with one of these is a check run on purpose against a
 * broken build, which it caught: `disabled rehash failed regression`, `missing hold failed
 * focused regression`.
 */
export const DELIBERATE_BEFORE: readonly string[] = ['disabled', 'missing', 'removed', 'stubbed', 'mutated', 'broken-on-purpose'];

/** Failure words that are nouns, which {@link MODIFIED_NOUNS} can follow. */
export const FAILURE_NOUNS: readonly string[] = ['error', 'errors', 'failure', 'failures', 'regression', 'regressions', 'crash', 'violation'];

/**
 * A failure noun ({@link FAILURE_NOUNS}) used as a modifier of the next word is not a
 * failure: `6 error codes covered`, `Error rejection and dry-run build passed`, `regression
 * tests pass`.
 */
export const MODIFIED_NOUNS: readonly string[] = ['code', 'codes', 'handling', 'handler', 'handlers', 'message', 'messages', 'rejection', 'path', 'paths', 'case', 'cases', 'type', 'types', 'class', 'classes', 'page', 'pages', 'state', 'states', 'boundary', 'boundaries', 'reporting', 'recovery', 'rate', 'budget', 'mode', 'log', 'logs', 'model', 'test', 'tests', 'injection', 'shape', 'shapes', 'surface', 'checks', 'phase', 'phases', 'safety', 'report', 'reports'];

/**
 * Japanese, Korean and Chinese words by state (the languages of the real corpus's trails:
 * `Jonghakseo__picky` writes Korean, the search's CJK tests Japanese and Chinese). A negated
 * form is listed before the word it holds (`未完成` before `完成`): the longest match wins.
 */
export const CJK_WORDS: ReadonlyArray<readonly [string, 'failed' | 'open' | 'inconclusive' | 'reverted' | 'skipped' | 'verified' | 'reported-done']> = [
  // failed
  ['不合格', 'failed'], ['失败', 'failed'], ['失敗', 'failed'], ['错误', 'failed'], ['エラー', 'failed'], ['未通过', 'failed'], ['未通過', 'failed'], ['실패', 'failed'], ['오류', 'failed'], ['에러', 'failed'],
  // open
  ['未完成', 'open'], ['未完了', 'open'], ['进行中', 'open'], ['進行中', 'open'], ['対応中', 'open'], ['待定', 'open'], ['保留', 'open'], ['未対応', 'open'], ['진행 중', 'open'], ['진행중', 'open'], ['보류', 'open'], ['대기', 'open'], ['미완료', 'open'],
  // inconclusive
  ['未验证', 'inconclusive'], ['未驗證', 'inconclusive'], ['未検証', 'inconclusive'], ['未確認', 'inconclusive'], ['未测试', 'inconclusive'], ['未テスト', 'inconclusive'], ['미검증', 'inconclusive'], ['미확인', 'inconclusive'], ['부분', 'inconclusive'],
  // reverted
  ['回滚', 'reverted'], ['回滾', 'reverted'], ['撤销', 'reverted'], ['差し戻し', 'reverted'], ['リバート', 'reverted'], ['ロールバック', 'reverted'], ['되돌림', 'reverted'], ['롤백', 'reverted'],
  // skipped
  ['跳过', 'skipped'], ['跳過', 'skipped'], ['スキップ', 'skipped'], ['건너뜀', 'skipped'],
  // verified
  ['已验证', 'verified'], ['已驗證', 'verified'], ['検証済み', 'verified'], ['検証済', 'verified'], ['검증됨', 'verified'], ['검증 완료', 'verified'],
  // reported done
  ['通过', 'reported-done'], ['通過', 'reported-done'], ['成功', 'reported-done'], ['完成', 'reported-done'], ['合格', 'reported-done'], ['完了', 'reported-done'], ['修正済み', 'reported-done'], ['통과', 'reported-done'], ['완료', 'reported-done'], ['성공', 'reported-done'], ['해결', 'reported-done'],
];
