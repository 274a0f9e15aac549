import type { CallDef } from './call.ts';

/**
 * What the web's `callApi` reads of a call: its method, name, path and auth. The generated manifest
 * (`generated/call-refs/<area>.ts`, see call-refs-manifest.ts) holds one per call, typed from the
 * contract with `import type`, so a web bundle that imports a call from it carries no zod (the login
 * route). Types only: keep this module free of zod.
 */
export type CallRef<C extends CallDef> = Pick<C, 'method' | 'name' | 'path' | 'auth'>;
