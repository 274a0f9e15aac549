/**
 * The Idempotency-Key header: a write sent again with the same key answers the first answer and
 * applies once.
 */
import type { FastifyRequest } from 'fastify';
import { Code, type CallDef } from '@po/contract';
import { AppError } from './errors.ts';
import type { Ctx, IdempotencyClaim } from './context.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import { rowOf, runRead, runStatement, writeAtCommit } from '../db/statement.ts';
import { isUniqueViolation } from '../db/errors.ts';

/**
 * An idempotency key's row: looked up before the write, and written with the write's answer in the
 * commit's batch (db/statement.ts writeAtCommit), or claimed at once where the write's transaction is
 * not one this request opened. Written statements (db/statement.ts), since every write the web app and
 * the phone send carries a key (a scan, a registration), and building them with the query builder
 * cost more than running them.
 */
const KEY_ROW = rowOf(idempotencyKeys);
const SEEN_KEY = `select ${KEY_ROW.list} from "idempotency_keys" where "key" = $1::text`;
const KEY_COLUMNS = '"key", "user_guid", "call", "request_hash", "response"';
const KEY_VALUES = '$1::text, $2::uuid, $3::text, $4::text';
const STORE_KEY = `insert into "idempotency_keys" (${KEY_COLUMNS}) values (${KEY_VALUES}, $5::jsonb)`;
const CLAIM_KEY = `insert into "idempotency_keys" (${KEY_COLUMNS}) values (${KEY_VALUES}, '{}'::jsonb) on conflict do nothing returning "key"`;
/** A key written after its write (a write that audited nothing). */
const STORE_KEY_AFTER = `${STORE_KEY} on conflict do nothing`;
/** A key's answer, when it was claimed before the answer was known or the handler answered otherwise. */
const STORE_ANSWER = 'update "idempotency_keys" set "response" = $1::jsonb where "key" = $2::text';

/** Thrown inside a write's transaction when its key holds an answer already: the transaction rolls back. */
class Replay extends Error {
  constructor(public readonly row: typeof idempotencyKeys.$inferSelect) {
    super('idempotent replay');
  }
}

function replayOf<T>(row: typeof idempotencyKeys.$inferSelect, requestHash: string): T {
  if (row.requestHash !== requestHash) throw new AppError(Code.Conflict, 'common.idempotencyMismatch');
  return (row.response as { data: T }).data;
}

/**
 * A write sent with an `Idempotency-Key` applies once. The key is claimed by the write's first audit
 * record (every write audits inside its transaction, see `audit`) and stored in that same transaction
 * with the transaction's answer, so the key and the write commit together or not at all:
 * - a retry after the write committed answers the first answer (even when the process died before
 *   answering);
 * - a retry after a crash or a failure before the commit finds no key and applies the write once;
 * - two copies at once: the second's key, written with its commit, waits for the first's commit and
 *   then finds the key taken: its transaction rolls back and it answers the first answer.
 * Transactions the handler opens before its write (budgets, counters) do not hold the key. Keys are
 * scoped to the user (or anonymous callers) and the call; the housekeeping job purges them.
 */
export async function withIdempotency<T>(
  ctx: Ctx,
  req: FastifyRequest,
  call: Pick<CallDef, 'name'>,
  input: unknown,
  run: (db: Db, idem?: IdempotencyClaim) => Promise<T>,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim().slice(0, 200) : '';
  const db = ctx.db;
  if (!key) return run(db);
  const scoped = `${ctx.user?.guid ?? 'anon'}:${call.name}:${key}`;
  const requestHash = sha256(JSON.stringify(input));
  const keyValues: unknown[] = [scoped, ctx.user?.guid ?? null, call.name, requestHash];
  /** the key's row, when it is in the database */
  const seenKey = async (on: DbOrTx) => {
    const [found] = await runRead(on, 'po_idem_seen', SEEN_KEY, [scoped]);
    return found ? KEY_ROW.read(found) : undefined;
  };

  const seen = await seenKey(db);
  if (seen) return replayOf<T>(seen, requestHash);

  /** the top-level transaction under way, and the one (or 'direct') that claimed the key */
  let current: unknown = null;
  let claimedIn: unknown = null;
  /** the answer stored with the key at the commit (JSON) */
  let stored: string | undefined;
  const idem: IdempotencyClaim = {
    async claim(tx) {
      if (claimedIn) return;
      // In a transaction this request opened, the key goes in with the transaction's answer, in the
      // commit's batch (below): no round trip of its own.
      if (current) {
        claimedIn = current;
        return;
      }
      const inserted = await runStatement(tx, 'po_idem_claim', CLAIM_KEY, keyValues);
      if (inserted.length === 0) {
        const prev = await seenKey(tx);
        if (prev) throw new Replay(prev);
      }
      claimedIn = 'direct';
    },
  };
  const original = db.transaction.bind(db);
  const wrapped = Object.create(db) as Db;
  wrapped.transaction = (async (
    fn: (tx: Tx) => Promise<unknown>,
    config?: Parameters<Db['transaction']>[1],
  ) => {
    /** the transaction that writes the key with its commit */
    let keyIn: unknown = null;
    try {
      return await original(async (tx) => {
        const outer = current;
        current = tx;
        try {
          const out = await fn(tx);
          if (claimedIn === tx) {
            keyIn = tx;
            stored = JSON.stringify(out ?? null);
            await writeAtCommit(tx, {
              name: 'po_idem_key',
              text: STORE_KEY,
              values: [...keyValues, `{"data":${stored}}`],
            });
          }
          return out;
        } catch (e) {
          if (claimedIn === tx) claimedIn = null;
          throw e;
        } finally {
          current = outer;
        }
      }, config);
    } catch (e) {
      if (keyIn !== null && claimedIn === keyIn) {
        claimedIn = null;
        // A copy of this request committed the key first (the insert waited for that commit, then found
        // the key): its write stands, this one rolled back, and the answer is the first one's.
        if (isUniqueViolation(e)) {
          const prev = await seenKey(db);
          if (prev) throw new Replay(prev);
        }
      }
      throw e;
    }
  }) as Db['transaction'];

  let data: T;
  try {
    data = await run(wrapped, idem);
  } catch (e) {
    if (e instanceof Replay) return replayOf<T>(e.row, requestHash);
    throw e;
  }
  if (!claimedIn) {
    // Nothing audited (a write that wrote nothing): remember the answer now.
    await runStatement(db, 'po_idem_key_after', STORE_KEY_AFTER, [...keyValues, JSON.stringify({ data })]);
  } else if (stored !== JSON.stringify(data ?? null)) {
    // the handler answered other than its transaction did (or the key was claimed before any answer)
    await runStatement(db, 'po_idem_answer', STORE_ANSWER, [JSON.stringify({ data }), scoped]);
  }
  return data;
}
