/**
 * A generated suite over every call the server registers (issue 9, point 5): property-based inputs
 * (fast-check, fixed seed, bounded count) of wrong types, missing fields, NUL bytes, huge strings and
 * numbers, unicode and deep nesting, sent as every role and without a session. For every answer:
 * - HTTP 200 with the envelope { Status, Code, Data, Error } (and Key beside a failure's Error);
 * - never Code 500;
 * - the guard answers before the input: no session is 401, a role or flag the guard refuses is 403,
 *   whatever the input.
 * The calls are not listed here: they are read at run time from the registrar (`registeredCalls`) and
 * from Fastify's own route list (`apiRoutes`), so a call added later is walked without anyone adding it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { Code, Role, refusal, type Guard, type GuardUser } from '@po/contract';
import { useHarness } from './harness.ts';
import { makeOffice, makeUser } from './factories.ts';
import { apiRoutes } from '../app.ts';
import { registeredCalls, type RegisteredCall } from '../http/route.ts';
import { createSession } from '../http/session.ts';
import { AppError } from '../http/errors.ts';

const h = useHarness();

const SEED = 20260909;
/** random inputs per call, each as a random caller, on top of one input per caller */
const RUNS_PER_CALL = Number(process.env.EVERY_CALL_RUNS ?? 12);

/** The callers: every working role, the flags guards look at, and nobody. */
interface Caller extends GuardUser {
  label: string;
}
const CALLERS: Caller[] = [
  { label: 'admin', roleId: Role.Admin, isCorporate: false, isAnother: false, registrationDisable: false },
  {
    label: 'admin-corporate',
    roleId: Role.Admin,
    isCorporate: true,
    isAnother: false,
    registrationDisable: false,
  },
  { label: '104', roleId: 104, isCorporate: false, isAnother: false, registrationDisable: false },
  { label: '105', roleId: 105, isCorporate: false, isAnother: false, registrationDisable: false },
  { label: '105-another', roleId: 105, isCorporate: false, isAnother: true, registrationDisable: false },
  { label: '105-corporate', roleId: 105, isCorporate: true, isAnother: false, registrationDisable: false },
  {
    label: '107-no-registration',
    roleId: 107,
    isCorporate: false,
    isAnother: false,
    registrationDisable: true,
  },
  {
    label: 'courier',
    roleId: Role.Courier,
    isCorporate: false,
    isAnother: false,
    registrationDisable: false,
  },
];

/** Nested n deep: objects in arrays in objects … */
function deep(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const scalar = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '0x10',
    '1e3',
    ' 12',
    '12 ',
    'Infinity',
    'NaN',
    '-1',
    '2147483648',
    '-2147483649',
    '99999999999999999999',
    '1.5',
    'true',
    'null',
    '{"a":1}',
    "'; drop table users; --",
    'TS000000001GE',
    'TS000000001',
    '01/02/2026',
    '2026-02-01T10:00:00Z',
    '13/45/2026',
    '00000000-0000-0000-0000-000000000000',
    'ნინო',
    '👩‍👩‍👧‍👦\uD800',
  ),
  fc.constantFrom(0, -1, 1, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308, 0.1, 8700, 320),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant('x'.repeat(20_000)) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(deep(3), deep(12), deep(60)) },
  { weight: 1, arbitrary: fc.constant(randomUUID()) },
);

/** An input for a call: its own fields (any of them missing), sometimes unknown ones, sometimes no object at all. */
function inputs(fields: string[]): fc.Arbitrary<unknown> {
  const own = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 8, arbitrary: own },
    {
      weight: 1,
      arbitrary: fc
        .tuple(own, fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 3 }))
        .map(([a, b]) => ({ ...b, ...a })),
    },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], [1, 2], 'text', 42, null, true) },
  );
}

function query(input: unknown): string {
  const q = new URLSearchParams();
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [k, v] of Object.entries(input)) {
      for (const x of Array.isArray(v) ? v : [v]) {
        if (x === undefined || x === null) continue;
        q.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
      }
    }
  } else if (input !== null && input !== undefined) q.append('value', JSON.stringify(input));
  return q.toString();
}

type Session = { Id: string; Ticket: string } | null;

/** The guard's verdict (a guard's extra rule may refuse by throwing its own 403). */
function refuses(guard: Guard, user: GuardUser): boolean {
  try {
    return refusal(guard, user) !== null;
  } catch (e) {
    return e instanceof AppError && e.code === Code.Forbidden;
  }
}

describe('every call', () => {
  it('answers every generated input of every caller in the envelope, never 500, guard before input', async () => {
    const { app, db, config } = h();
    await app.ready();
    const calls = [...registeredCalls.values()].filter((c) => apiRoutes.has(`${c.def.method} ${c.def.path}`));
    // Every API route is a call of the registrar but the platform's own (health, OpenAPI).
    const platform = new Set(['GET /api/health', 'GET /api/ready', 'GET /api/openapi.json', 'GET /api/docs']);
    // The shipper REST API (/api/v1, Bearer keys, HTTP statuses) and the docs page's files are not
    // envelope calls: modules/shipper/shipper.test.ts covers the API.
    const rest = /^[A-Z]+ \/api\/(v1\/|docs\/)/;
    const unknown = [...apiRoutes].filter(
      (r) => !registeredCalls.has(r) && !platform.has(r) && !rest.test(r),
    );
    expect(unknown, 'API routes registered outside call()/publicCall()').toEqual([]);
    expect(calls.length).toBeGreaterThan(20);

    const office = await makeOffice(db);
    const corporate = await makeOffice(db, { isCorporate: true });
    const users = await Promise.all(
      CALLERS.map((c) =>
        makeUser(db, {
          roleId: c.roleId,
          officeGuid: c.isCorporate ? corporate.guid : office.guid,
          isAnother: c.isAnother,
          registrationDisable: c.registrationDisable,
        }),
      ),
    );
    /** fresh sessions for each call (a call such as Logout or UpdateTicket may end the one it is sent with) */
    const sessionsFor = () =>
      Promise.all(
        users.map(async (u, i) => ({
          Id: u.guid,
          Ticket: await createSession(db, config, u.guid, {
            mobile: CALLERS[i].roleId === Role.Courier,
            ip: '127.0.0.1',
            userAgent: 'every-call',
          }),
        })),
      );

    let cases = 0;
    let code500 = 0;
    const failures: string[] = [];
    const codes = new Map<number, number>();

    const send = async (c: RegisteredCall, who: number, session: Session, input: unknown, n: number) => {
      const fields: Record<string, unknown> =
        input && typeof input === 'object' && !Array.isArray(input) ? { ...input } : {};
      if (session) Object.assign(fields, session);
      const sent =
        input && typeof input === 'object' && !Array.isArray(input) ? fields : session ? fields : input;
      const res =
        c.def.method === 'GET'
          ? await app.inject({
              method: 'GET',
              url: `${c.def.path}?${query(sent)}`,
              remoteAddress: `10.0.${n % 250}.${who + 1}`,
            })
          : await app.inject({
              method: 'POST',
              url: c.def.path,
              headers: {
                'content-type': 'application/json',
                ...(n % 3 === 0 ? { 'idempotency-key': `k-${n}` } : {}),
              },
              payload: JSON.stringify(sent ?? null),
              remoteAddress: `10.0.${n % 250}.${who + 1}`,
            });
      cases++;
      const where = `${c.def.method} ${c.def.name} as ${who < 0 ? 'nobody' : CALLERS[who].label} with ${JSON.stringify(input)?.slice(0, 200)}`;
      let body: { Status?: unknown; Code?: unknown; Data?: unknown; Error?: unknown; Key?: unknown };
      try {
        body = res.json();
      } catch {
        failures.push(`not JSON (HTTP ${res.statusCode}): ${where}`);
        return;
      }
      const env =
        res.statusCode === 200 &&
        typeof body.Status === 'boolean' &&
        typeof body.Code === 'number' &&
        'Data' in body &&
        (body.Status
          ? body.Error === null
          : typeof body.Error === 'string' && body.Error !== '' && typeof body.Key === 'string');
      if (!env) failures.push(`outside the envelope: ${res.body.slice(0, 200)} — ${where}`);
      const code = Number(body.Code);
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (code === Code.Internal) {
        code500++;
        failures.push(`Code 500: ${where}`);
      }
      if (c.guard) {
        if (!session) {
          if (code !== Code.Unauthorized) failures.push(`no session answered ${code}, not 401: ${where}`);
        } else if (refuses(c.guard, CALLERS[who])) {
          if (code !== Code.Forbidden) failures.push(`refused caller answered ${code}, not 403: ${where}`);
        }
      }
    };

    for (const [i, c] of calls.entries()) {
      const fields = Object.keys(c.def.input.shape);
      const sessions = await sessionsFor();
      const samples = fc.sample(fc.tuple(fc.integer({ min: -1, max: CALLERS.length - 1 }), inputs(fields)), {
        seed: SEED + i,
        numRuns: RUNS_PER_CALL + CALLERS.length + 1,
      });
      for (const [n, [pick, input]] of samples.entries()) {
        // the first CALLERS.length + 1 inputs go to each caller and to nobody in turn
        const who = n <= CALLERS.length ? n - 1 : pick;
        await send(c, who, who < 0 ? null : sessions[who], input, n);
      }
    }

    const summary = [...codes.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    console.log(
      `every-call: ${cases} cases over ${calls.length} calls and ${CALLERS.length + 1} callers (seed ${SEED}); Code 500 seen: ${code500}; codes ${summary}`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
    expect(code500).toBe(0);
  }, 300_000);
});
