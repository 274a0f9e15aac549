import { z } from 'zod';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** A comma-separated list of addresses, CIDR ranges and proxy-addr's names (TRUST_PROXY, METRICS_ALLOW). */
const addressList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isProxyEntry), 'must be addresses or CIDR ranges, comma-separated');
/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names (`loopback` …). */
function isProxyEntry(s: string): boolean {
  if (PROXY_NAMES.has(s)) return true;
  const [addr, bits, more] = s.split('/');
  if (more !== undefined || !net.isIP(addr)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(addr) ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** Every setting, read from the environment and validated once at start. */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * read replicas (PostgreSQL streaming standbys), comma-separated URLs: the calls the contract marks
     * `reads: 'replica'` (finders, archives, reports, journals) read from one (docs/ops/replica.md)
     */
    DATABASE_READ_URL: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((u) => /^postgres(ql)?:\/\//.test(u)),
        'must be postgres:// or postgresql:// URLs, comma-separated',
      ),
    /** a replica further behind the primary than this is not read from (its reads go to the primary) */
    READ_MAX_LAG_SECONDS: z.coerce.number().positive().default(5),
    /** how often the replicas' state and lag are checked, in the background */
    READ_CHECK_SECONDS: z.coerce.number().min(0.05).max(60).default(1),
    /** a replica (or the primary) that does not answer a check within this many seconds counts as down */
    READ_CHECK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(2),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** a staff session ends after this many idle minutes */
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(480),
    /** a courier (mobile) session ends after this many idle minutes */
    SESSION_MOBILE_IDLE_MINUTES: z.coerce.number().int().positive().default(720),
    /** no session lives longer than this, whatever the activity */
    SESSION_MAX_HOURS: z.coerce.number().int().positive().default(24),
    /** how long a renewed ticket's predecessor stays valid (for requests already under way) */
    TICKET_GRACE_SECONDS: z.coerce.number().int().min(0).default(60),
    PASSWORD_VALID_DAYS: z.coerce.number().int().positive().default(30),
    /** wrong passwords for one login from one address before each further try waits (growing delays) */
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    /** wrong passwords from one address, whatever the login, before its tries wait */
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
    /** failures older than this are forgotten */
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    /** requests per minute one address may make to a call without a session (login, account requests) */
    PUBLIC_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(120),
    /** the longest wait the growing delays reach (they double from 2 seconds) */
    LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
    /**
     * The reverse proxies whose X-Forwarded-For is believed, comma-separated addresses or CIDR ranges
     * (e.g. `127.0.0.1,10.0.0.0/8`, or `loopback`). Empty (default): none; the client's address is the
     * socket's, whatever headers it sends.
     */
    TRUST_PROXY: addressList,
    /**
     * Who may read `/metrics`: client addresses or CIDR ranges (`loopback` for this machine), and/or
     * METRICS_TOKEN sent as `Authorization: Bearer <token>`. Both empty (default): nobody.
     */
    METRICS_ALLOW: addressList.refine(
      (list) => list.every((e) => e === 'loopback' || !PROXY_NAMES.has(e)),
      'names other than loopback are not supported here',
    ),
    METRICS_TOKEN: z.string().default(''),
    /** where `npm run backup` and the daily backup write (db/backup.ts) */
    BACKUP_DIR: z.string().default('./backups'),
    /** the server's own backup every N hours (0 = never) */
    BACKUP_EVERY_HOURS: z.coerce.number().min(0).default(24),
    /** backups older than this many days are removed after a new one (the newest is always kept) */
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    /** on SIGTERM, how long the requests under way may take before the server stops anyway */
    SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
    /** a request must arrive whole (headers and body) within this many seconds */
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
    /** a connection with no traffic either way is closed after this many seconds */
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
    /** an idle kept-alive connection is closed after this many seconds */
    HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
    /** purge expired sessions, old login counters and old idempotency keys every N minutes (0 = never) */
    HOUSEKEEPING_EVERY_MINUTES: z.coerce.number().int().min(0).default(15),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    SEED_DEMO: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    /** where the built web app is; served with deep links falling back to index.html */
    WEB_DIST: z.string().optional(),
    /** revenue service: 'builtin' (a registry kept in the database) or 'soap' (rs.ge WayBillService) */
    RS_MODE: z.enum(['builtin', 'soap']).default('builtin'),
    RS_URL: z.string().url().default('https://services.rs.ge/WayBillService/WayBillService.asmx'),
    RS_USER: z.string().default(''),
    RS_PASSWORD: z.string().default(''),
    RS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /**
     * server processes sharing the port (node:cluster); default: the number of cores with DATABASE_URL,
     * 1 on the embedded database (one process only)
     */
    WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * the map pages' tile address (`{z}`, `{x}`, `{y}`); the server tries it before the browsers do, so that a
     * page without the tiles says so instead of requesting each one (empty: maps without tiles)
     */
    MAP_TILES_URL: z
      .string()
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .refine(
        (v) => v === '' || /^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/.test(v),
        'must be an http(s) address with {z}, {x} and {y}',
      ),
    /** run the archive mover every N minutes in the server (0 = never; `npm run archive` runs it once) */
    ARCHIVE_EVERY_MINUTES: z.coerce.number().int().min(0).default(60),
    /** requests per minute one address may make to the public tracking calls (barcodes cannot be harvested) */
    TRACK_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** requests per minute one shipper API key may make to /api/v1 (all its routes together) */
    SHIPPER_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** the address the tracking links in messages and on the notification card start with */
    PUBLIC_URL: z
      .string()
      .url()
      .default('http://localhost:8080')
      .transform((v) => v.replace(/\/+$/, '')),
    /** the outbox sender (notifications) looks for due messages every N seconds (0 = never) */
    OUTBOX_EVERY_SECONDS: z.coerce.number().int().min(0).default(5),
    /** a message being sent is taken back for another try after this many seconds (a crash mid-send) */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().positive().default(60),
    /** tries of one message before it is given up */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
    /** e-mail: an SMTP address (`smtp://user:pass@host:587`, `smtps://…`); empty: e-mail is not sent */
    SMTP_URL: z.string().default(''),
    MAIL_FROM: z.string().default('PostOffice <no-reply@localhost>'),
    /** SMS: the HTTP gateway's address (a JSON POST, modules/notifications/channels.ts); empty: not sent */
    SMS_URL: z.string().default(''),
    SMS_TOKEN: z.string().default(''),
    /** signs the tracking page's "stop the messages" links (HMAC); empty: one made from DATA_DIR's database */
    NOTIFY_SECRET: z.string().default(''),
    /** webhooks (issue 39): also to loopback, private and link-local addresses (tests; never in production) */
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    /** a webhook receiver's time to answer, in milliseconds */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    /** a webhook message is retried (growing delays) this long after its event, then marked dead */
    WEBHOOK_RETRY_HOURS: z.coerce.number().positive().default(24),
    /** where the proof photos' files are (issue 40; lib/photo-store.ts): 'files' or 's3' */
    PHOTO_STORE: z.enum(['files', 's3']).default('files'),
    /** the photos' folder with PHOTO_STORE=files (default: DATA_DIR/photos) */
    PHOTOS_DIR: z.string().default(''),
    /** an S3-compatible store (PHOTO_STORE=s3): its address (path-style), bucket, region and keys */
    PHOTO_S3_ENDPOINT: z.string().default(''),
    PHOTO_S3_BUCKET: z.string().default(''),
    PHOTO_S3_REGION: z.string().default('us-east-1'),
    PHOTO_S3_ACCESS_KEY: z.string().default(''),
    PHOTO_S3_SECRET_KEY: z.string().default(''),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.PHOTO_STORE === 's3')
      for (const key of [
        'PHOTO_S3_ENDPOINT',
        'PHOTO_S3_BUCKET',
        'PHOTO_S3_ACCESS_KEY',
        'PHOTO_S3_SECRET_KEY',
      ] as const)
        if (!cfg[key].trim())
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when PHOTO_STORE=s3' });
    // PGlite is a database inside one process: a second process cannot open it.
    if (!cfg.DATABASE_URL && cfg.WORKERS !== undefined && cfg.WORKERS > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'must be 1 on the embedded database (set DATABASE_URL for more processes)',
      });
    // Replicas are PostgreSQL standbys of a PostgreSQL primary: the embedded database has none.
    if (!cfg.DATABASE_URL && cfg.DATABASE_READ_URL.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL (PostgreSQL): the embedded database has no replicas',
      });
    // The real service refuses every call without credentials: say so at start, not at the first waybill.
    if (cfg.RS_MODE === 'soap')
      for (const key of ['RS_USER', 'RS_PASSWORD'] as const)
        if (!cfg[key].trim())
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when RS_MODE=soap' });
  });

export type Config = Omit<z.output<typeof schema>, 'WORKERS'> & { WORKERS: number };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const workers = cfg.WORKERS ?? (cfg.DATABASE_URL ? os.availableParallelism() : 1);
  return {
    ...cfg,
    WORKERS: workers,
    DATA_DIR: path.resolve(cfg.DATA_DIR),
    BACKUP_DIR: path.resolve(cfg.BACKUP_DIR),
    PHOTOS_DIR: path.resolve(cfg.PHOTOS_DIR || path.join(cfg.DATA_DIR, 'photos')),
  };
}

/** Settings for tests: quiet, fast, everything else default. */
export function testConfig(over: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      ARCHIVE_EVERY_MINUTES: '0',
      HOUSEKEEPING_EVERY_MINUTES: '0',
      BACKUP_EVERY_HOURS: '0',
      OUTBOX_EVERY_SECONDS: '0',
      // a test file logs in far more often than a person; the budget has its own test
      PUBLIC_CALLS_PER_MINUTE: '100000',
    }),
    ...over,
  };
}
