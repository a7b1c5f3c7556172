/**
 * A text cut inside a value (a flag's quote of its row, cut at 50 characters) shows the value's
 * marker, never its anchor form's (rel12): a row `bad ts session eyJhbGci…` (a JWT) was quoted by
 * its `evidence/prose` flag as `“bad ts session redacted-json-web-token…”`, since the JWT's
 * anchor form (its full stops written `-`) sorts before it and starts alike, and its slug
 * marker won the tie.
 */
import { describe, expect, it } from 'vitest';
import { Redaction } from '../../src/lib/secrets/redaction.ts';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0ODI5MTc0NjUwIiwibmFtZSI6IkFkYSJ9.Qm7Zk2Xr9Lw4Nv8Tc3Hd6Jf1Gp0Sb5Yq2Ue7Ia9Oo1Ppx';

describe('a text cut inside a value', () => {
  it('ends with the value’s marker, whatever form of it starts alike', () => {
    const r = new Redaction();
    r.add(JWT, 'JSON Web Token');
    expect(r.redact(`row x “bad ts session ${JWT.slice(0, 35)}…” — e: evidence must be a pointer`)).toBe('row x “bad ts session [redacted: JSON Web Token]…” — e: evidence must be a pointer');
    // Its anchor form, where an anchor holds it, is still the slug marker.
    expect(r.redact(`qa-t-${JWT.replace(/\./g, '-')}`)).toBe('qa-t-redacted-json-web-token');
  });
});
