import { z } from 'zod';
import path from 'node:path';

/** Every setting, read from the environment and validated once at start. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
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
  /** run the archive mover every N minutes in the server (0 = never; `npm run archive` runs it once) */
  ARCHIVE_EVERY_MINUTES: z.coerce.number().int().min(0).default(60),
});

export type Config = z.output<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return { ...cfg, DATA_DIR: path.resolve(cfg.DATA_DIR) };
}

/** Settings for tests: quiet, fast, everything else default. */
export function testConfig(over: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', ARCHIVE_EVERY_MINUTES: '0' }), ...over };
}
