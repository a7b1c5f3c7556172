/**
 * Errors that carry a code and its data instead of words (issue 31, scope 6): the core throws
 * one, the CLI words it and picks the exit code (src/cli/shard-words.ts,
 * src/cli/commands/merge.ts), and tests compare the data. Every such error has one shape, made
 * here: `detail` (the code and its data), the same object under a name of the caller's choosing
 * (`mismatch`, `damage`, `reason`), and a message `<summary>: <code>` for logs and stack traces
 * (a user reads the CLI's words, never this message).
 */

/** What a coded error carries: an object with a `code` (a kebab-case word), usually one member of a union discriminated on it, with the data that code needs. */
export interface Coded {
  readonly code: string;
}

/**
 * An error carrying `detail`. Its message is `<summary>: <detail.code>`, e.g.
 * `shards refused: missing`; `name` is the name given (that of the class
 * {@link codedErrorClass} made). Catch one with `instanceof` the class made for it.
 */
export class CodedError<Detail extends Coded> extends Error {
  /** The code and its data, as thrown (never copied). */
  readonly detail: Detail;
  constructor(name: string, summary: string, detail: Detail) {
    super(`${summary}: ${detail.code}`);
    this.name = name;
    this.detail = detail;
  }
}

/** A {@link CodedError} whose detail reads also as `key` (`error.mismatch === error.detail`). */
export type CodedErrorOf<Detail extends Coded, Key extends string> = CodedError<Detail> & { readonly [K in Key]: Detail };

/** The class {@link codedErrorClass} makes: `new` it with a detail. */
export interface CodedErrorClass<Detail extends Coded, Key extends string> {
  new (detail: Detail): CodedErrorOf<Detail, Key>;
  readonly prototype: CodedErrorOf<Detail, Key>;
}

/**
 * A class of coded errors named `name` (as `Class.name` and each error's `name`), whose errors'
 * message is `<summary>: <code>` and whose detail reads also as `key`. Export it with a type of
 * the same name, so the name serves both `new`/`instanceof` and annotations:
 *
 * ```ts
 * export const ShardDamageError = codedErrorClass<ShardDamage, 'damage'>('ShardDamageError', 'shard damaged', 'damage');
 * export type ShardDamageError = InstanceType<typeof ShardDamageError>;
 * ```
 */
export function codedErrorClass<Detail extends Coded, Key extends string>(name: string, summary: string, key: Key): CodedErrorClass<Detail, Key> {
  const made = class extends CodedError<Detail> {
    constructor(detail: Detail) {
      super(name, summary, detail);
    }
  };
  Object.defineProperty(made, 'name', { value: name });
  Object.defineProperty(made.prototype, key, {
    get(this: CodedError<Detail>): Detail {
      return this.detail;
    },
  });
  return made as unknown as CodedErrorClass<Detail, Key>;
}
