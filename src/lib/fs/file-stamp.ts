/**
 * A file's stamp: its inode and change time, `"<inode>:<change time in ns>"`. While a file's
 * stamp is the one recorded, nothing has written it since: every write, rename over it or
 * `utimes` moves the change time, and a change time cannot be set back (rel9, rel10). A stamp
 * that differs says only "maybe changed": the caller then compares the file's bytes.
 * Used by the output seal (src/lib/fs/output-seal.ts) and the model store's seal
 * (src/lib/archive/store-seal.ts).
 */

/** The stamp of a file's `stat(…, { bigint: true })`: `"<inode>:<change time in ns>"`. */
export const fileStamp = (info: { ino: bigint; ctimeNs: bigint }): string => `${info.ino}:${info.ctimeNs}`;
