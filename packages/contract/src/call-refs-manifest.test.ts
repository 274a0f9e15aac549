import { describe, expect, it } from 'vitest';
import * as authRefs from './generated/call-refs/auth.ts';
import * as auth from './auth.ts';
import { callRefsOnDisk, callRefsSources } from './call-refs-manifest.ts';

describe('the generated call manifest', () => {
  it(
    'is what the contract generates today (run `npm run generate` when this fails)',
    { timeout: 60_000 },
    async () => {
      expect(callRefsOnDisk()).toEqual(await callRefsSources());
    },
  );

  it("holds a call's method, path and auth without its schemas", () => {
    const login = authRefs.PostGetUserPost as unknown as Record<string, unknown>;
    expect(login).toMatchObject({
      method: 'POST',
      name: 'PostGetUser',
      path: '/api/PostGetUser',
      auth: false,
    });
    expect(login.input).toBeUndefined();
    expect(authRefs.UpdateTicket).toMatchObject({ method: auth.UpdateTicket.method, auth: true });
  });

  it('imports no zod: only types, and re-exports of its own modules', () => {
    for (const [file, text] of callRefsOnDisk()) {
      expect(text.match(/^import (?!type ).*$/gm), file).toBeNull();
      for (const from of text.match(/^export .* from '[^']*';$/gm) ?? [])
        expect(from, file).toMatch(/ from '\.\/\w+\/\w+\.ts';$/);
    }
  });
});
