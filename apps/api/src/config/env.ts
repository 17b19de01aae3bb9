import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT, WEB_DIST_DIR } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

/** `scheme://host[:port]` exactly as a browser sends it in Origin: CORS compares origins as text. */
const isOrigin = (s: string) => {
  try {
    return new URL(s).origin === s;
  } catch {
    return false;
  }
};

/** Every setting the server reads, with the defaults of the embedded single-machine mode. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Embedded database, media and mail outbox live here. Relative paths are taken from where npm was run. */
  DATA_DIR: z.string().default('data'),
  /** PostgreSQL instead of the embedded PGlite, e.g. postgres://user@127.0.0.1:5432/sideline. */
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Seconds a starting server waits for PostgreSQL to take connections before it gives up (0: fail at once). */
  DATABASE_START_WAIT_S: z.coerce.number().int().min(0).max(3600).default(60),
  REDIS_URL: z.url().optional(),
  /** Key prefix of the BullMQ queues on Redis (one Redis can serve several deployments). */
  JOBS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .default('sideline'),
  SMTP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Extra browser origins allowed to call the API; a channel's own origin, as the server serves it, always is. */
  WEB_ORIGINS: list
    .pipe(z.array(z.string().refine(isOrigin, 'origins like https://fans.example.org: scheme, host, port, no path')))
    .default([]),
  WEB_DIST_DIR: z.string().default(WEB_DIST_DIR),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Guest-key issuing is cheap to abuse, so it has its own, lower limit per address. */
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  API_KEY_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How long verified api keys are remembered (0: not cached); a revoked key is dropped from it at once. */
  KEYS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: bool.default(false),
  /** Create the demo channels on first start: `npm run demo` turns it on; a production start leaves it off. */
  SEED_DEMO: bool.default(false),
  /** How many events the demo `localhost` channel gets on first start. */
  SEED_EVENTS: z.coerce.number().int().min(0).max(5_000_000).default(240),
  /** How long public event listings stay cached (0: not cached). */
  EVENTS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(15_000),
  /** How often event statuses follow the clock (upcoming -> live -> finished); 0 turns it off. */
  EVENT_STATUS_SWEEP_MS: z.coerce.number().int().min(0).default(20_000),
  /** ffmpeg to use; by default the static build of @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: z.string().optional(),
  /** Package the demo channels' games and prerolls at start (in the background). */
  DEMO_MEDIA: bool.default(true),
  /** Length of each generated demo game in seconds. */
  DEMO_GAME_S: z.coerce.number().int().min(4).max(3600).default(90),
  /** A folder where packaged demo media is kept across data folders (tests reuse it instead of encoding again). */
  DEMO_MEDIA_CACHE_DIR: z.string().optional(),
  /** Package a finished game's own recording, its teams on the scoreboard, the first time a fan plays it. */
  GAME_RECORDINGS: bool.default(true),
  /** Run a simulated live encoder for each live feed someone asked for in the last minutes. */
  LIVE_SIMULATOR: bool.default(true),
  /**
   * Where live feeds are encoded: `on-demand` in this process for the feeds fans ask for (one machine); `always` in
   * this process for every game live now and the test feed (the encoder process of a cluster); `elsewhere` by
   * another process sharing the media folder, whose playlists this one waits for (the API processes of a cluster).
   */
  LIVE_ENCODERS: z.enum(['on-demand', 'always', 'elsewhere']).default('on-demand'),
  /**
   * Run the background jobs (packaging, clip cuts, mail, billing) in this process. With REDIS_URL a cluster turns
   * it off in its API processes and runs the jobs in a worker process; without Redis jobs always run here.
   */
  JOBS_WORKER: bool.default(true),
  /**
   * A clip cut that made no progress for this long lost its process (a killed worker): another worker takes it.
   * Cuts report progress every step, and a step takes seconds.
   */
  CLIP_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** How often a job worker looks for clips whose cut was lost (0: never; a restart still finds them). */
  CLIP_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** At most this many live encoders at once (each takes most of a core): the least recently watched stops. */
  LIVE_MAX_ENCODERS: z.coerce.number().int().min(1).max(64).default(3),
  /** How long the first playback answer of a live game waits for its encoder's first seconds. */
  LIVE_START_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  /** Secret that signs media URLs; several API processes must share it. Default: made once in DATA_DIR. */
  MEDIA_TOKEN_SECRET: z.string().min(32).optional(),
  /** How long a signed media URL works. */
  MEDIA_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(6 * 3600),
  /** The country of loopback and private addresses (ISO code), for local use and tests. */
  GEO_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
  /** The host name encoders dial, in the publish addresses a stream key is given with. */
  INGEST_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/)
    .default('localhost'),
  /** The RTMP ingest's port (OBS, vMix, cameras and phone apps publish here). */
  RTMP_PORT: z.coerce.number().int().min(1).max(65_535).default(1935),
  /** The SRT ingest's port (UDP), where the ffmpeg in use supports SRT. */
  SRT_PORT: z.coerce.number().int().min(1).max(65_535).default(9000),
  /**
   * Accept encoders on RTMP_PORT in this process (node-media-server in process, docs/decisions/0016-rtmp-ingest.md).
   * A port already taken is logged and the rest of the server runs on.
   */
  INGEST_ENABLED: bool.default(true),
  /** How long a game waits for its encoder to come back before it ends and its recording becomes the replay. */
  LIVE_GRACE_S: z.coerce.number().int().min(0).max(3600).default(60),
  /** How often an ingested game's health (input bitrate, transcoder speed, …) is sampled and stored, in seconds. */
  INGEST_HEALTH_SAMPLE_S: z.coerce.number().min(0.2).max(300).default(5),
  /** Bearer token of the channel operators' reports (playback quality) and stream keys; unset: those calls are off. */
  OPERATOR_TOKEN: z.string().min(24).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  /** scrypt cost as log2(N): 15 is 32 MiB per hash. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** Sender address of account e-mails; the channel's name is the display name. */
  MAIL_FROM: z.email().default('no-reply@sideline.localhost'),
  /** Wait before the second try of an e-mail that failed; it doubles with each try (capped at 30 minutes). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5_000),
  /** Failed logins allowed per account within the window before it is throttled. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  /** Login, registration and reset calls allowed per address per minute. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /** Where provider checks go; tests point them at local servers. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /**
   * The offline identity provider shaped like Google (`/identity-sandbox`), for channels with no Google client id.
   * Default: on for the demo (SEED_DEMO) and outside production, off in production. Anyone can sign in as any
   * address through it, so a production server refuses to start with it on while a channel has a real Google client.
   */
  IDENTITY_SANDBOX: bool.optional(),
  /** Payments: Stripe when all three keys are set, else the offline sandbox. Secrets are never logged. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Where the Stripe SDK sends its calls (tests point it at a local stand-in); Stripe's own host by default. */
  STRIPE_API_URL: z.url().optional(),
  /** The sandbox's asynchronous confirmation: how long a payment stays `processing` before its event is sent. */
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** How often the billing clock looks for renewals, trial ends and retries that are due (0: only when asked). */
  BILLING_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
});
export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
  pgliteDir: string;
  mediaDir: string;
  outboxDir: string;
  /** Which payment provider runs: `stripe` when all three STRIPE_* keys are set. */
  paymentProvider: 'sandbox' | 'stripe';
  /** Whether the offline identity sandbox serves channels that have no Google client id. */
  identitySandbox: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; the result is frozen and passed to whoever needs it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = parsed.data;
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  // Half a Stripe setup would silently fall back to the sandbox and take no real money: refuse it at start.
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError([
      'STRIPE_*: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, or none',
    ]);
  }
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(env.DATA_DIR === 'data' ? REPO_ROOT : base, env.DATA_DIR);
  return Object.freeze({
    ...env,
    dataDir,
    databaseKind: env.DATABASE_URL ? 'postgres' : 'pglite',
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.join(dataDir, 'media'),
    outboxDir: path.join(dataDir, 'outbox'),
    paymentProvider: stripeKeys.every(Boolean) ? 'stripe' : 'sandbox',
    identitySandbox: env.IDENTITY_SANDBOX ?? (env.SEED_DEMO || env.NODE_ENV !== 'production'),
  } as const);
}
