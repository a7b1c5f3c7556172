/**
 * Trailbook's own secret rules, for the shapes agent records hold that secretlint's
 * recommended preset misses (issue 29, scope 1): a `KEY=value` assignment of a secret in a
 * command (`PGPASSWORD=hunter2x psql …`, `export API_TOKEN=…`, `--password=…`,
 * `"client_secret": "…"`), and a connection string with a password in any scheme
 * (`redis://:pw@host`, `amqp://user:pw@host`; secretlint reads only http(s), ftp, MongoDB,
 * MySQL and PostgreSQL, and only `[-a-zA-Z0-9_]` passwords in http URLs).
 *
 * The rules are a table, run by one function ({@link ownRule}): each row names its id, what it
 * finds, and its finders — an anchor searched with `indexOf` (never a pattern that can
 * backtrack: docs/security.md, "Text that takes long to read"), the code that reads a candidate
 * at it visiting each character a bounded number of times, the kind of secret, and the test
 * that tells a real value from a placeholder — with the examples that are its tests
 * (tests/unit/secrets.test.ts runs every one).
 *
 * This module is the table's order and what the rest of Trailbook imports; the rules live in
 * rules/, one module per family of secret (docs/internals.md lists them), on the engine in
 * rules/rule.ts and the character readers in rules/chars.ts.
 */
import { assignmentRule } from './rules/assignment.ts';
import { bearerTokenRule } from './rules/bearer.ts';
import { commandCredentialRule, loginPasswordRule } from './rules/commands.ts';
import { configPasswordRule } from './rules/config-forms.ts';
import { djangoSecretKeyRule } from './rules/django.ts';
import { base64SecretRule, basicAuthHeaderRule } from './rules/encoded.ts';
import { pgpassLineRule } from './rules/pgpass.ts';
import { googleApiKeyRule, prefixedTokenRule } from './rules/prefixed-tokens.ts';
import { privateKeyBodyRule } from './rules/private-keys.ts';
import type { OwnRule } from './rules/rule.ts';
import { addressPasswordRule, connectionStringRule } from './rules/urls.ts';
import { twilioAuthTokenRule, vendorTokenRule } from './rules/vendor-tokens.ts';

export type { Candidate, Finder, FoundAt, OwnRule, OwnRuleRow, SecretHit } from './rules/rule.ts';
export { ownRule } from './rules/rule.ts';
export { assignmentRule, isCodeExpression, KEY_ENDINGS, keySays } from './rules/assignment.ts';
export { addressPasswordRule, bracketedCredential, connectionStringRule, urlPassword } from './rules/urls.ts';
export { pgpassLineRule, pgpassPassword } from './rules/pgpass.ts';
export { bearerTokenRule, commandCredentialRule, configPasswordRule, loginPasswordRule, djangoSecretKeyRule, base64SecretRule, basicAuthHeaderRule, googleApiKeyRule, prefixedTokenRule, privateKeyBodyRule, twilioAuthTokenRule, vendorTokenRule };

/** Trailbook's own rules, in the order they run. */
export const OWN_RULES: readonly OwnRule[] = [djangoSecretKeyRule, assignmentRule, connectionStringRule, googleApiKeyRule, privateKeyBodyRule, bearerTokenRule, prefixedTokenRule, commandCredentialRule, basicAuthHeaderRule, loginPasswordRule, base64SecretRule, twilioAuthTokenRule, vendorTokenRule, addressPasswordRule, pgpassLineRule, configPasswordRule];
