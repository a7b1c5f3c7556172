/**
 * A whole number with comma thousands separators, as `toLocaleString('en-US')` writes it
 * (`124579` → `124,579`, `-1234` → `-1,234`). The search page says counts with it: the first
 * `toLocaleString` of a page load sets up ICU's number formatting, 12–17 ms of Chromium's
 * main thread before the first result could be listed (measured in session 6).
 */
export function grouped(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? `-${out}` : out;
}
