import 'reflect-metadata';
import { isAbsolute, join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';
import { IMAGE_UPLOAD_MAX_MEGABYTES, LIMITS } from '@huddle/domain';
import { MAX_PENDING_EXPIRY_HOURS } from '@huddle/domain/request-actions';
import { PAYOUT_DUE_DAYS_DEFAULT } from '@huddle/domain/payouts';
import type { ValidationError } from 'class-validator';
import { findWorkspaceRoot } from './workspace-root';

export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface EnvironmentVariable {
  name: string;
  default: string | null;
  description: string;
}

interface EnvOptions {
  description: string;
  /** Shown instead of the computed default where that default depends on the machine. */
  displayDefault?: string;
}

const documented = new Map<string, EnvOptions>();

function Env(options: EnvOptions): PropertyDecorator {
  return (_target, property) => {
    documented.set(String(property), options);
  };
}

const WORKSPACE_ROOT = findWorkspaceRoot();
// The dev shell and its remotes answer on localhost and on 127.0.0.1 alike; both are the app's origins.
const DEV_ORIGINS = ['localhost', '127.0.0.1'].flatMap((host) => [4200, 4201, 4202, 4203, 4204].map((port) => `http://${host}:${port}`));

function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
}

function toNumber({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

function toBoolean({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
  if (['false', '0', 'no', 'off'].includes(normalised)) return false;
  return value;
}

function toList({ value }: { value: unknown }): unknown {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : value;
}

function toWorkspacePath({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && !isAbsolute(value) ? resolve(WORKSPACE_ROOT, value) : value;
}

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

const S3_KEY_PAIR_MESSAGE = 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together';

// Either both halves of an S3 key pair are given or neither is (the SDK's own chain then applies).
function usesS3Keys(config: { S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string }): boolean {
  return config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined;
}

const AUTH_SECRET_REQUIRED_MESSAGE =
  'AUTH_SECRET must be set to a secret of at least 32 characters when DATABASE_URL is set: a random per-start secret would void every pending business sign-in and reset code at each restart and differ between instances of one database';

// A real database (DATABASE_URL) is a deployment: its secret must be chosen, not drawn per start.
function needsAuthSecret(config: { DATABASE_URL?: string; AUTH_SECRET?: string }): boolean {
  return config.DATABASE_URL !== undefined || config.AUTH_SECRET !== undefined;
}

const PAYMENTS_SANDBOX_MESSAGE =
  'STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET) must be set when NODE_ENV=production and DATABASE_URL is set: without it payments run on the embedded sandbox and no real money moves; for a trial deployment set PAYMENTS_SANDBOX=true';

// A production process on a real database takes real money: the sandbox there must be asked for.
function refusesSandboxPayments(config: { NODE_ENV?: string; DATABASE_URL?: string; STRIPE_SECRET_KEY?: string; PAYMENTS_SANDBOX: boolean }): boolean {
  return config.NODE_ENV === 'production' && config.DATABASE_URL !== undefined && config.STRIPE_SECRET_KEY === undefined && !config.PAYMENTS_SANDBOX;
}

const TWILIO_MESSAGE = 'TWILIO_ACCOUNT_SID (AC...), TWILIO_API_KEY_SID (SK...) and TWILIO_API_KEY_SECRET must be set together';

// Twilio Video is on when any of its three settings is given; then all three must be.
function usesTwilioVideo(config: { TWILIO_ACCOUNT_SID?: string; TWILIO_API_KEY_SID?: string; TWILIO_API_KEY_SECRET?: string }): boolean {
  return config.TWILIO_ACCOUNT_SID !== undefined || config.TWILIO_API_KEY_SID !== undefined || config.TWILIO_API_KEY_SECRET !== undefined;
}

/** VIDEO_ICE_SERVERS: a JSON list of ICE servers; anything else is left for @IsArray to refuse. */
function toIceServers({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (server) =>
          typeof server === 'object' &&
          server !== null &&
          (typeof (server as { urls?: unknown }).urls === 'string' || (Array.isArray((server as { urls?: unknown }).urls) && ((server as { urls: unknown[] }).urls).every((url) => typeof url === 'string'))),
      );
    return valid ? parsed : value;
  } catch {
    return value;
  }
}

const FACEBOOK_PAIR_MESSAGE = 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together';

// Facebook business sign-in is on when either half of the app credentials is given; both must be.
function usesFacebookLogin(config: { FACEBOOK_APP_ID?: string; FACEBOOK_APP_SECRET?: string }): boolean {
  return config.FACEBOOK_APP_ID !== undefined || config.FACEBOOK_APP_SECRET !== undefined;
}

/**
 * Every environment variable the API reads, with its validation and meaning. It is read once, at
 * start, by `loadAppConfig`; everything else receives this object through dependency injection.
 */
export class AppConfig {
  @Env({
    description:
      'production marks a deployment (the API image sets it): with a DATABASE_URL the API then refuses to start without STRIPE_SECRET_KEY unless PAYMENTS_SANDBOX=true. The API reads it for that check alone.',
  })
  @IsOptional()
  @IsString()
  NODE_ENV?: string;

  @Env({ description: 'TCP port of the HTTP API and its notification stream.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  @Env({
    description:
      "API processes sharing PORT (Node's cluster module); set it to the machine's cores in production. Each process has its own connection pool and search caches (a change clears them in every process, through PostgreSQL LISTEN/NOTIFY); rate-limit counters live in PostgreSQL, shared by all.",
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(64)
  API_WORKERS = 1;

  @Env({ description: 'Interface the HTTP server binds to; 0.0.0.0 listens on every interface.' })
  @IsString()
  @MinLength(1)
  HOST = '0.0.0.0';

  @Env({
    description:
      'PostgreSQL connection URL (postgres://user:password@host:port/database). When unset, the API starts an embedded PostgreSQL whose data lives under DATA_DIR/postgres.',
  })
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Env({
    description: 'Directory for local state (embedded PostgreSQL, local media). A relative path is resolved from the workspace root, not the working directory.',
    displayDefault: '.data (under the workspace root)',
  })
  @Transform(toWorkspacePath)
  @IsString()
  @MinLength(1)
  DATA_DIR = join(WORKSPACE_ROOT, '.data');

  @Env({ description: 'Port of the embedded PostgreSQL (used only when DATABASE_URL is unset); it listens on localhost only.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT = 5433;

  @Env({ description: 'Public URL of the web app (the shell); links in emails and share links point here.' })
  @IsUrl(URL_OPTIONS)
  PUBLIC_APP_URL = 'http://localhost:4200';

  @Env({ description: 'Comma-separated browser origins allowed to call the API with credentials (the shell and its remotes).' })
  @Transform(toList)
  @IsUrl(URL_OPTIONS, { each: true })
  CORS_ORIGINS: string[] = DEV_ORIGINS;

  @Env({
    description:
      'Card provider publishable key handed to browsers (reference data stripe_public). The default is a placeholder for the embedded sandbox provider, not a Stripe key.',
  })
  @Matches(/^pk_\w+$/, { message: 'STRIPE_PUBLISHABLE_KEY must start with pk_' })
  STRIPE_PUBLISHABLE_KEY = 'pk_embedded_huddle';

  @Env({ description: 'Stripe secret key. Set: card payments go through Stripe (PaymentIntents with manual capture). Unset: the embedded sandbox provider, which accepts Stripe\'s test card numbers.' })
  @IsOptional()
  @Matches(/^(sk|rk)_\w+$/, { message: 'STRIPE_SECRET_KEY must start with sk_ or rk_' })
  STRIPE_SECRET_KEY?: string;

  @Env({ description: 'Signing secret of the Stripe webhook endpoint (POST /api/v1/payments/webhook); required with STRIPE_SECRET_KEY.' })
  @IsOptional()
  @Matches(/^whsec_\w+$/, { message: 'STRIPE_WEBHOOK_SECRET must start with whsec_' })
  STRIPE_WEBHOOK_SECRET?: string;

  @Env({
    description:
      "Signing secret of the Connect webhook endpoint (events of connected accounts: account.updated, payout.failed), when Stripe delivers them to the same URL from a second endpoint; a webhook is accepted when either secret verifies it.",
  })
  @IsOptional()
  @Matches(/^whsec_\w+$/, { message: 'STRIPE_CONNECT_WEBHOOK_SECRET must start with whsec_' })
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;

  @Env({ description: 'Stripe API host, port and protocol override (host[:port], http or https), for a local server that speaks Stripe\'s API in tests. Unset: api.stripe.com.' })
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  STRIPE_API_URL?: string;

  @Env({
    description:
      "Allow the embedded sandbox card and payout providers on a deployment: with NODE_ENV=production and a DATABASE_URL but no STRIPE_SECRET_KEY the API refuses to start unless this is true (a trial, where no real money moves). Elsewhere the sandbox runs whenever STRIPE_SECRET_KEY is unset, and a STRIPE_SECRET_KEY always wins.",
  })
  @Transform(toBoolean)
  @IsBoolean()
  PAYMENTS_SANDBOX = false;

  @Env({
    description:
      'Twilio account SID (AC...). With TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET set, video chats run on Twilio Video (access tokens with a VideoGrant for the room; twilio-video in the browser). Unset: the embedded peer-to-peer WebRTC provider, signalled through the API.',
  })
  @ValidateIf(usesTwilioVideo)
  @Matches(/^AC\w+$/, { message: TWILIO_MESSAGE })
  TWILIO_ACCOUNT_SID?: string;

  @Env({ description: 'Twilio API key SID (SK...) that signs video access tokens; with TWILIO_ACCOUNT_SID and TWILIO_API_KEY_SECRET.' })
  @ValidateIf(usesTwilioVideo)
  @Matches(/^SK\w+$/, { message: TWILIO_MESSAGE })
  TWILIO_API_KEY_SID?: string;

  @Env({ description: 'Twilio API key secret; with TWILIO_ACCOUNT_SID and TWILIO_API_KEY_SID.' })
  @ValidateIf(usesTwilioVideo)
  @IsString({ message: TWILIO_MESSAGE })
  @MinLength(8, { message: TWILIO_MESSAGE })
  TWILIO_API_KEY_SECRET?: string;

  @Env({
    description:
      'STUN/TURN servers for the embedded video chat, as the JSON list RTCPeerConnection takes ([{"urls": "stun:stun.example.org:3478"}, {"urls": "turn:...", "username": "...", "credential": "..."}]). None are needed on one machine or one network.',
    displayDefault: '[] (none)',
  })
  @Transform(toIceServers)
  @IsArray({ message: 'VIDEO_ICE_SERVERS must be a JSON list of {urls, username?, credential?}' })
  VIDEO_ICE_SERVERS: Array<{ urls: string | string[]; username?: string; credential?: string }> = [];

  @Env({ description: 'Platform fee in percent of each request amount; the rest is owed to the athlete (integer cents, fee rounded half up).' })
  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  @Max(100)
  PLATFORM_FEE_PERCENT = 20;

  @Env({
    description: `Hours after the card's authorisation before an unaccepted request expires (or, for a timed event, REQUEST_EXPIRY_BEFORE_START_MINUTES before it starts, see there). At most ${MAX_PENDING_EXPIRY_HOURS}: a request must be accepted and captured before the card hold lapses (7 days, or the provider's capture_before, less 2 hours).`,
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_PENDING_EXPIRY_HOURS)
  REQUEST_EXPIRY_HOURS = 144;

  @Env({
    description:
      'Minutes before a timed event starts at which an unaccepted request expires, but never sooner than this long after payment, or the start when that comes first (unless REQUEST_EXPIRY_HOURS or the card hold end sooner): the athlete has time to answer.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  REQUEST_EXPIRY_BEFORE_START_MINUTES = 60;

  @Env({ description: 'Days after delivery before a video nobody approved is completed by the system.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  DELIVERED_AUTO_COMPLETE_DAYS = 7;

  @Env({ description: 'Days after a timed event ended before it is completed by the system when nobody approved it.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  EVENT_AUTO_COMPLETE_DAYS = 2;

  @Env({ description: 'Days after acceptance by which a shoutout or endorsement must be delivered; past it the request is canceled by the system and refunded.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  DELIVERY_DEADLINE_DAYS = 7;

  @Env({ description: 'Hours an unpaid booking draft is kept before it is deleted.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  UNPAID_DRAFT_TTL_HOURS = 24;

  @Env({ description: "Days a finished request's athlete share may wait before the administrator's payout list shows it past due (the rest of what is payable is current due)." })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  PAYOUT_DUE_DAYS = PAYOUT_DUE_DAYS_DEFAULT;

  @Env({ description: 'Largest delivery video (shoutout or endorsement) an athlete may upload, in megabytes; its duration is not limited.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(LIMITS.video.maxMegabytes)
  DELIVERY_VIDEO_MAX_MB = LIMITS.video.maxMegabytes;

  @Env({ description: 'Address that receives Contact customer support messages from request pages.' })
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'SUPPORT_EMAIL must be an email address' })
  SUPPORT_EMAIL = 'support@huddle.test';

  @Env({
    description:
      'Mark the session cookie Secure (browsers then send it over HTTPS only). Unset: on whenever PUBLIC_APP_URL is https, off for an http one (local development); an explicit value wins.',
    displayDefault: 'true when PUBLIC_APP_URL is https, false otherwise',
  })
  @Transform(toBoolean)
  @IsBoolean()
  COOKIE_SECURE = false;

  @Env({
    description:
      'Seed the demo accounts (their passwords are published in the README) and demo athletes when the database has no accounts yet. Unset: on with the embedded database (`npm start` relies on it), off with DATABASE_URL, so a real database never gets known passwords unless asked for.',
    displayDefault: 'true without DATABASE_URL, false with it',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO?: boolean;

  @Env({
    description:
      'Milliseconds identical public athlete searches share one answer, then one more period stale while a single refresh runs (0 turns the page cache off). Any change to an athlete through the API clears it at once, in every API process on the database; totals are reused for 5 s either way.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(60_000)
  SEARCH_CACHE_TTL_MS = 5_000;

  @Env({ description: `Most verbose log level printed: ${LOG_LEVELS.join(', ')}.` })
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'log';

  @Env({
    description:
      'Directory of uploaded media when S3_BUCKET is unset (the embedded default). A relative path is resolved from DATA_DIR.',
  })
  @IsString()
  @MinLength(1)
  MEDIA_DIR = 'media';

  @Env({ description: 'Largest accepted image upload (profile and dashboard photos), in megabytes; larger uploads are refused with 1413.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(200)
  MAX_IMAGE_MB = IMAGE_UPLOAD_MAX_MEGABYTES;

  @Env({ description: 'Largest accepted intro video, in megabytes (spec §9: a configuration value); enforced while the upload streams in.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(5000)
  VIDEO_MAX_MB = LIMITS.video.maxMegabytes;

  @Env({ description: 'Longest accepted intro video, in seconds (spec §9: a configuration value), read from the file itself.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(LIMITS.deliveryVideo.maxSeconds)
  VIDEO_MAX_SECONDS = LIMITS.video.maxSeconds;

  @Env({
    description:
      'Bucket of an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, ...). When set, uploaded media are stored there and GET /media/<key> redirects to them; when unset, they stay on local disk under MEDIA_DIR.',
  })
  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name (3-63 lowercase letters, digits, dots, hyphens)' })
  S3_BUCKET?: string;

  @Env({ description: 'Region of the S3 bucket (S3-compatible stores that ignore regions accept the default).' })
  @IsString()
  @MinLength(1)
  S3_REGION = 'us-east-1';

  @Env({ description: 'Endpoint URL of an S3-compatible store other than AWS (for example http://localhost:9000 for MinIO); unset for AWS S3.' })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  S3_ENDPOINT?: string;

  @Env({ description: 'Access key id for S3; when unset with S3_BUCKET set, the AWS SDK default credential chain applies (instance roles, AWS_* variables).' })
  @ValidateIf(usesS3Keys)
  @IsString({ message: S3_KEY_PAIR_MESSAGE })
  S3_ACCESS_KEY_ID?: string;

  @Env({ description: 'Secret access key for S3, required together with S3_ACCESS_KEY_ID.' })
  @ValidateIf(usesS3Keys)
  @IsString({ message: S3_KEY_PAIR_MESSAGE })
  S3_SECRET_ACCESS_KEY?: string;

  @Env({
    description:
      'Public base URL of the bucket (a CDN or public bucket domain). When set, GET /media/<key> redirects to <S3_PUBLIC_URL>/<key>; when unset, to a presigned URL valid for one hour. Delivered request videos always get a presigned URL valid for MEDIA_SIGNED_URL_SECONDS.',
  })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  S3_PUBLIC_URL?: string;

  @Env({ description: 'Address the bucket by path (endpoint/bucket/key) instead of by virtual host; most self-hosted S3-compatible stores need true.' })
  @Transform(toBoolean)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  @Env({
    description:
      'Seconds a signed URL of a delivered request video (a shoutout or endorsement, or its watermarked copy) stays valid. Only the routes that check who may watch (the request page, the watch link, the public profile) hand one out, fresh at each visit; a copy kept elsewhere stops working after this long, so a revoked watch link leaves nothing playable behind. With S3 the presigned URL expires at the same moment.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(30)
  @Max(3600)
  MEDIA_SIGNED_URL_SECONDS = 600;

  @Env({
    description:
      'Base URL of a Nominatim-compatible geocoder (for example https://nominatim.openstreetmap.org). When unset, the offline gazetteer of US cities and coordinate parsing answer GET /maps/geocode.',
  })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  GEOCODER_URL?: string;

  @Env({ description: 'User-Agent sent to the geocoder; public Nominatim requires one that identifies the application and a contact.' })
  @IsString()
  @MinLength(3)
  GEOCODER_USER_AGENT = 'Huddle/1.0 (location picker; self-hosted)';

  @Env({
    description:
      'Map tile URL template for the location picker, with {z}, {x} and {y} (for example https://tile.openstreetmap.org/{z}/{x}/{y}.png). When unset, the picker draws its own grid without tiles.',
  })
  @IsOptional()
  @Matches(/^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, { message: 'MAP_TILES_URL must be an http(s) URL template containing {z}, {x} and {y}' })
  MAP_TILES_URL?: string;

  @Env({ description: "Attribution shown on the map for MAP_TILES_URL's tiles (their licence usually requires it)." })
  @IsOptional()
  @IsString()
  MAP_TILES_ATTRIBUTION?: string;

  @Env({
    description:
      'Server secret (at least 32 characters) that signs social sign-in states and session tokens (through a derived key) and keys the reset-code hashes. Required with DATABASE_URL (the API refuses to start without it); share it between instances. Only with the embedded database may it be unset: a random one is then drawn at each start, so pending sign-ins, reset codes and session tokens (everyone is signed out) do not survive a restart.',
    displayDefault: 'random at each start (embedded database only)',
  })
  @ValidateIf(needsAuthSecret)
  @IsString({ message: AUTH_SECRET_REQUIRED_MESSAGE })
  @MinLength(32, { message: AUTH_SECRET_REQUIRED_MESSAGE })
  AUTH_SECRET?: string;

  @Env({
    description:
      'Seconds a session token (a JWT signed with a key derived from AUTH_SECRET) is valid. A token with less than a third of this left is renewed on the next call while its session lives (the answer re-sets the cookie and carries the new token in x-access-token); the session itself lasts 30 days, and logout, a password change, blocking or deletion end it at once on every API process.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(60)
  @Max(86_400)
  SESSION_TOKEN_TTL_SECONDS = 900;

  @Env({ description: 'Sign-in attempts (POST /user/sign-ins) allowed per client IP address in SIGN_IN_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SIGN_IN_MAX_PER_IP = 10;

  @Env({ description: 'Sign-in attempts allowed per email address in SIGN_IN_WINDOW_SECONDS, whatever the IP address; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SIGN_IN_MAX_PER_EMAIL = 5;

  @Env({ description: 'Length of the sign-in rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SIGN_IN_WINDOW_SECONDS = 60;

  @Env({ description: 'Reset-code requests (DELETE /user/accounts/passwords) allowed per email address in PASSWORD_RESET_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PASSWORD_RESET_MAX_PER_EMAIL = 3;

  @Env({ description: 'Reset-code requests allowed per client IP address in PASSWORD_RESET_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PASSWORD_RESET_MAX_PER_IP = 10;

  @Env({
    description:
      'Reset-code confirmations (POST /user/accounts/passwords) allowed per client IP address and per email address in PASSWORD_RESET_WINDOW_SECONDS; more answer 1429. Each code also dies after 5 wrong tries.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PASSWORD_RESET_CONFIRM_MAX = 10;

  @Env({ description: 'Length of the password-reset rate-limit windows, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PASSWORD_RESET_WINDOW_SECONDS = 600;

  @Env({ description: 'Sign-ups (POST /user/email-verifications, one password hash each) allowed per client IP address in SIGN_UP_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SIGN_UP_MAX_PER_IP = 10;

  @Env({ description: 'Length of the sign-up rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SIGN_UP_WINDOW_SECONDS = 600;

  @Env({ description: "Location searches (GET /maps/geocode) allowed per client IP address in GEOCODE_WINDOW_SECONDS; more answer 1429 (a remote geocoder's own limits are often stricter)." })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  GEOCODE_MAX_PER_IP = 60;

  @Env({ description: 'Length of the geocoding rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  GEOCODE_WINDOW_SECONDS = 60;

  @Env({ description: 'Uploads (POST /user/upload-photo and /user/upload-intro together) allowed per signed-in account in UPLOAD_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  UPLOAD_MAX_PER_ACCOUNT = 30;

  @Env({ description: 'Length of the upload rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  UPLOAD_WINDOW_SECONDS = 600;

  @Env({
    description:
      'Bookings (POST /booking/request and POST /booking/request/endorsement_campaign/create together) allowed per signed-in account in BOOKING_WINDOW_SECONDS; more answer 1429. Each is an unpaid draft until paid.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  BOOKING_MAX_PER_ACCOUNT = 60;

  @Env({ description: 'Length of the booking rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  BOOKING_WINDOW_SECONDS = 3600;

  @Env({
    description:
      'Payment attempts (POST /payments/payment-sheet, /payments/set-paid, /payments/sandbox/confirm and /payments/sandbox/authenticate together) allowed per signed-in account in PAYMENT_ATTEMPTS_WINDOW_SECONDS; more answer 1429. One checkout takes three or four.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT = 60;

  @Env({ description: 'Payment attempts allowed per client IP address in PAYMENT_ATTEMPTS_WINDOW_SECONDS, whatever the account; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PAYMENT_ATTEMPTS_MAX_PER_IP = 300;

  @Env({ description: 'Length of the payment-attempt rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PAYMENT_ATTEMPTS_WINDOW_SECONDS = 600;

  @Env({
    description:
      'Card saves (POST /payments/payment-method and its sandbox save POST /payments/payment-method/sandbox together) allowed per signed-in account in CARD_SAVE_WINDOW_SECONDS; more answer 1429.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CARD_SAVE_MAX_PER_ACCOUNT = 10;

  @Env({ description: 'Card saves allowed per client IP address in CARD_SAVE_WINDOW_SECONDS, whatever the account; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CARD_SAVE_MAX_PER_IP = 30;

  @Env({ description: 'Length of the card-save rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CARD_SAVE_WINDOW_SECONDS = 3600;

  @Env({
    description:
      "Declined card attempts (the provider's declines at checkout and on card saves) after which an account's checkout pauses: its payment sheets, card confirmations and card saves answer 1429 for CHECKOUT_DECLINES_WINDOW_SECONDS from the last decline. Counted within that window from the first.",
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CHECKOUT_DECLINES_MAX = LIMITS.declinedCards.max;

  @Env({ description: 'Window of the declined-card count, and how long a paused checkout stays paused, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  CHECKOUT_DECLINES_WINDOW_SECONDS = LIMITS.declinedCards.windowSeconds;

  @Env({ description: 'Athlete searches (GET /public/athletes/search and /public/athletes/endorsement/search together) allowed per client IP address in SEARCH_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SEARCH_MAX_PER_IP = 600;

  @Env({ description: 'Length of the search rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SEARCH_WINDOW_SECONDS = 60;

  @Env({
    description:
      "Statistics (GET /booking/request/counters, the locker room and the business's stats, and GET /admin/counters) allowed per signed-in account in STATISTICS_WINDOW_SECONDS; more answer 1429.",
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  STATISTICS_MAX_PER_ACCOUNT = 120;

  @Env({ description: 'Length of the statistics rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  STATISTICS_WINDOW_SECONDS = 60;

  @Env({
    description:
      'Exports (GET /booking/request/counters-business-export starting one, GET /athlete/nil-disclosures/{id}/packet and GET /admin/nil-disclosures/flagged-export together) allowed per signed-in account in EXPORT_WINDOW_SECONDS; more answer 1429.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  EXPORT_MAX_PER_ACCOUNT = 30;

  @Env({ description: 'Length of the export rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  EXPORT_WINDOW_SECONDS = 3600;

  @Env({
    description:
      'Messages to customer support (POST /booking/request/support, each an email to SUPPORT_EMAIL) allowed per signed-in account in SUPPORT_MESSAGE_WINDOW_SECONDS; more answer 1429.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SUPPORT_MESSAGE_MAX_PER_ACCOUNT = 5;

  @Env({ description: 'Length of the support-message rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  SUPPORT_MESSAGE_WINDOW_SECONDS = 3600;

  @Env({
    description:
      'Administrator actions that reach users (POST /admin/user/add, which emails a set-password link, and POST /admin/custom-push/send together) allowed per administrator in ADMIN_OUTREACH_WINDOW_SECONDS; more answer 1429.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  ADMIN_OUTREACH_MAX_PER_ACCOUNT = 60;

  @Env({ description: 'Length of the administrator outreach rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  ADMIN_OUTREACH_WINDOW_SECONDS = 3600;

  @Env({ description: 'Payout onboarding links (POST /payouts/account, each a call to the payment provider) allowed per athlete in PAYOUT_ONBOARDING_WINDOW_SECONDS; more answer 1429.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PAYOUT_ONBOARDING_MAX_PER_ACCOUNT = 20;

  @Env({ description: 'Length of the payout onboarding rate-limit window, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PAYOUT_ONBOARDING_WINDOW_SECONDS = 3600;

  @Env({
    description:
      'Hours an uploaded photo or video may stay unreferenced by any account before MediaService.deleteUnreferencedUploads removes it and its stored file (uploads wait in between for the form that uses them).',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  UNUSED_UPLOAD_GRACE_HOURS = 24;

  @Env({
    description:
      'SMTP server for outgoing email (smtp://user:pass@host:587 or smtps://user:pass@host:465). When unset, emails go to the embedded outbox: stored in the outbox_emails table and printed to the log.',
  })
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @Env({ description: 'Sender of outgoing email, as an address or "Name <address>".' })
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Huddle <no-reply@huddle.local>';

  @Env({
    description:
      "App id of the Facebook app used for business sign-in (Facebook Login for Business). With FACEBOOK_APP_SECRET set, GET /user/auth/business sends users to Facebook; when unset, to the API's embedded sandbox sign-in page if BUSINESS_SIGN_IN_SANDBOX allows it.",
  })
  @ValidateIf(usesFacebookLogin)
  @IsString({ message: FACEBOOK_PAIR_MESSAGE })
  @MinLength(1, { message: FACEBOOK_PAIR_MESSAGE })
  FACEBOOK_APP_ID?: string;

  @Env({ description: 'App secret of the Facebook app, required together with FACEBOOK_APP_ID; used server-side only, for the code exchange.' })
  @ValidateIf(usesFacebookLogin)
  @IsString({ message: FACEBOOK_PAIR_MESSAGE })
  @MinLength(1, { message: FACEBOOK_PAIR_MESSAGE })
  FACEBOOK_APP_SECRET?: string;

  @Env({
    description:
      'Configuration id of a Facebook Login for Business configuration (it names the permissions asked for). When unset, the scopes email and business_management are asked for instead.',
  })
  @IsOptional()
  @IsString()
  FACEBOOK_LOGIN_CONFIG_ID?: string;

  @Env({
    description:
      "Serve the embedded business sign-in sandbox page, which signs anyone in as a business by email alone, when Facebook is not configured. Unset: on with the embedded database, off with DATABASE_URL; with neither Facebook nor the sandbox, business sign-in answers 1503 'Business sign-in is not available on this server'.",
    displayDefault: 'true without DATABASE_URL, false with it',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  BUSINESS_SIGN_IN_SANDBOX?: boolean;

  @Env({ description: "Facebook's OAuth dialog URL (versioned); change it to move to a newer Graph API version." })
  @IsUrl(URL_OPTIONS)
  FACEBOOK_AUTHORIZE_URL = 'https://www.facebook.com/v21.0/dialog/oauth';

  @Env({ description: "Facebook Graph API base URL (versioned), used for the code exchange and the business account lookup." })
  @IsUrl(URL_OPTIONS)
  FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v21.0';

  @Env({
    description:
      "Which proxies' X-Forwarded-For the API believes when it needs the client's IP address (per-IP rate limits): Fastify's trustProxy setting, as a hop count or comma-separated addresses, subnets or the names loopback, linklocal, uniquelocal. The default trusts the shell's own server on the same machine.",
  })
  @Matches(/^(\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, { message: 'TRUST_PROXY must be a hop count or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal' })
  TRUST_PROXY = 'loopback';

  @Env({
    description:
      'How often each API process asks PostgreSQL for due background jobs (email, timers, later payments), in milliseconds; at least 500.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(500)
  @Max(60_000)
  JOBS_POLL_INTERVAL_MS = 2_000;

  @Env({
    description:
      'Retries of a failing background job before it is dead (kept for an administrator to see); the waits between tries grow exponentially from JOBS_RETRY_DELAY_SECONDS.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(100)
  JOBS_RETRY_LIMIT = 5;

  @Env({ description: 'Seconds before the first retry of a failed background job; each later retry waits about twice as long (with jitter).' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_RETRY_DELAY_SECONDS = 10;

  @Env({
    description:
      'Seconds a background job may run. Past that it counts as failed and is retried: this is also how soon a job held by a process that died is picked up again by another.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(82_800)
  JOBS_EXPIRE_SECONDS = 900;

  @Env({
    description:
      'Whether this process works background jobs. false: it only queues them (no workers, no schedules, no maintenance rounds); `npm run reconcile` runs so, beside the API processes that work them.',
  })
  @Transform(toBoolean)
  @IsBoolean()
  JOBS_WORK = true;

  @Env({
    description:
      "Whether this process fires the scheduled jobs when they fall due (the daily reconciliations, the upload cleanup, the timers' sweep), one process per occurrence among those that do. false: it still works every job sent to it; the API tests run so, since a daily job firing under a test's feet changes what it reads.",
  })
  @Transform(toBoolean)
  @IsBoolean()
  JOBS_SCHEDULES = true;

  @Env({ description: 'Seconds between maintenance rounds of the job queue (one process at a time): expiring the jobs of processes that died, archiving finished ones.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_MAINTENANCE_INTERVAL_SECONDS = 60;

  @Env({
    description:
      'Seconds a connection may stay silent (no bytes either way) before the API closes it, so a client that stops sending half way cannot hold a socket forever. It bounds idleness, not duration: a slow but steady upload still finishes.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(3600)
  HTTP_IDLE_TIMEOUT_SECONDS = 60;

  @Env({
    description:
      'Seconds between the heartbeat events of the notification stream: inside HTTP_IDLE_TIMEOUT_SECONDS and the idle timeouts of common proxies (often 60 s), and well inside the 180 s of silence after which a client reconnects.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(170)
  NOTIFICATIONS_HEARTBEAT_SECONDS = 25;

  get usesEmbeddedDatabase(): boolean {
    return this.DATABASE_URL === undefined;
  }

  /** SEED_DEMO as set, else only on the embedded database: a real database gets no published passwords by default. */
  get seedsDemo(): boolean {
    return this.SEED_DEMO ?? this.usesEmbeddedDatabase;
  }

  /** Whether business sign-in may fall back to the sandbox page (never over a configured Facebook app). */
  get servesBusinessSandbox(): boolean {
    return !this.usesFacebookLogin && (this.BUSINESS_SIGN_IN_SANDBOX ?? this.usesEmbeddedDatabase);
  }

  /** Where the disk media store keeps its files. */
  get mediaDirectory(): string {
    return resolve(this.DATA_DIR, this.MEDIA_DIR);
  }

  /** TRUST_PROXY as Fastify's trustProxy takes it: a hop count is a number, anything else a comma-separated list. */
  get trustProxy(): number | string {
    return /^\d+$/.test(this.TRUST_PROXY) ? Number(this.TRUST_PROXY) : this.TRUST_PROXY;
  }

  get usesFacebookLogin(): boolean {
    return usesFacebookLogin(this);
  }

  get usesS3Media(): boolean {
    return this.S3_BUCKET !== undefined;
  }
}

/** Whether the public app (the shell) is served over https: cookies Secure by default, HSTS sent. */
export function servedOverHttps(config: Pick<AppConfig, 'PUBLIC_APP_URL'>): boolean {
  return /^https:\/\//i.test(config.PUBLIC_APP_URL);
}

export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

// One message per problem: a variable that fails several constraints with one shared message (AUTH_SECRET) says it once.
function describeProblems(errors: readonly ValidationError[]): string[] {
  return [...new Set(errors.flatMap((error) => Object.values(error.constraints ?? {}).map((message) => `${message} (${error.property})`)))];
}

/** Reads and validates the variables AppConfig declares; empty values count as unset. */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const provided: Record<string, string> = {};
  for (const name of documented.keys()) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') provided[name] = value.trim();
  }
  const config = plainToInstance(AppConfig, provided);
  // A public app served over https never sends its session cookie in clear, unless told otherwise.
  if (provided.COOKIE_SECURE === undefined) config.COOKIE_SECURE = servedOverHttps(config);
  const problems = describeProblems(validateSync(config, { forbidUnknownValues: false }));
  // A heartbeat no more often than the idle timeout would let every quiet notification stream be cut.
  if (config.NOTIFICATIONS_HEARTBEAT_SECONDS >= config.HTTP_IDLE_TIMEOUT_SECONDS) {
    problems.push('NOTIFICATIONS_HEARTBEAT_SECONDS must be below HTTP_IDLE_TIMEOUT_SECONDS');
  }
  if (refusesSandboxPayments(config)) problems.push(PAYMENTS_SANDBOX_MESSAGE);
  if (problems.length > 0) throw new ConfigurationError(problems);
  return config;
}

function displayValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Name, default and meaning of every variable, in declaration order (printed by the README and `--help`-style tooling). */
export function describeEnvironment(): EnvironmentVariable[] {
  const defaults = new AppConfig();
  return [...documented.entries()].map(([name, options]) => ({
    name,
    default: options.displayDefault ?? displayValue(defaults[name as keyof AppConfig]),
    description: options.description,
  }));
}
