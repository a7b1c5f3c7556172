/**
 * A record file saved as UTF-16 (Windows PowerShell's `>` writes UTF-16LE with a byte-order
 * mark): its first line says so and how to fix it, instead of only "holds a NUL byte". Found in
 * the round-2 trial (src/lib/text/lines.ts).
 */
import { describe, expect, it } from 'vitest';
import { nulMessage, splitLines } from '../../src/lib/text/lines.ts';

const utf16le = (text: string): Uint8Array => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

describe('a UTF-16 record file', () => {
  it('is named as UTF-16 on its first line, with the fix', () => {
    const [first, second] = splitLines(utf16le('{"decision":"d"}\n{"decision":"e"}\n'));
    expect(nulMessage(first!)).toBe('line 1 holds a NUL byte (at byte 4): the file is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and is not read; save it as UTF-8');
    expect(nulMessage(second!)).toBe('line 2 holds a NUL byte (at byte 1): it is not text, and is not read');
  });

  it('big-endian too', () => {
    const [first] = splitLines(new Uint8Array([0xfe, 0xff, ...Buffer.from('{"a":1}', 'utf16le').swap16()]));
    expect(nulMessage(first!)).toBe('line 1 holds a NUL byte (at byte 3): the file is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and is not read; save it as UTF-8');
  });

  it('leaves other lines holding a NUL as they were', () => {
    const [first] = splitLines(new Uint8Array([0x61, 0x00, 0x62]));
    expect(nulMessage(first!)).toBe('line 1 holds a NUL byte (at byte 2): it is not text, and is not read');
  });
});
