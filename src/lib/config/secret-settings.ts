/**
 * What the archive configuration and the command line say about secrets (docs/security.md,
 * "Secrets"), as the CLI hands it to the core and to Astro (in the build context's `secrets`,
 * src/lib/config/build-context.ts). The rules that apply them live in src/lib/secrets/ (issue 29).
 */

/** A pattern the configuration adds (`secrets.patterns`): its name is the marker's kind. */
export interface SecretPattern {
  name: string;
  /** A regular expression (JavaScript syntax); a group named `secret`, when present, is the secret. */
  pattern: string;
}

/** What the archive configuration and the command line say about secrets. */
export interface SecretSettings {
  /** False only with `--no-redact`: secrets are found and flagged, but published as written. */
  redact: boolean;
  /** Values never redacted (a documented test key). */
  allow: readonly string[];
  /** Patterns added to the rules. */
  patterns: readonly SecretPattern[];
}

/** The default: redact, allow nothing, no added pattern. */
export const DEFAULT_SECRET_SETTINGS: SecretSettings = { redact: true, allow: [], patterns: [] };

/** Secret settings read from JSON (the build context's `secrets`): the default where a field is missing; only `redact: false` turns redaction off. */
export function secretSettingsOf(value: unknown): SecretSettings {
  if (value === null || typeof value !== 'object') return DEFAULT_SECRET_SETTINGS;
  const parsed = value as Partial<Record<keyof SecretSettings, unknown>>;
  return {
    redact: parsed.redact !== false,
    allow: Array.isArray(parsed.allow) ? parsed.allow.filter((a): a is string => typeof a === 'string') : [],
    patterns: Array.isArray(parsed.patterns) ? (parsed.patterns as SecretPattern[]) : [],
  };
}
