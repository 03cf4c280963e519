import { join } from 'node:path';
import { ConfigurationError, describeEnvironment, loadAppConfig } from './app-config';
import { logLevelsFor } from './log-levels';
import { findWorkspaceRoot } from './workspace-root';

const workspaceRoot = findWorkspaceRoot(__dirname);

/** The rate limits of routes that cost CPU, email or money (issue 25), in their declared order. */
const COST_RATE_LIMITS = [
  'SEARCH_MAX_PER_IP',
  'SEARCH_WINDOW_SECONDS',
  'STATISTICS_MAX_PER_ACCOUNT',
  'STATISTICS_WINDOW_SECONDS',
  'EXPORT_MAX_PER_ACCOUNT',
  'EXPORT_WINDOW_SECONDS',
  'SUPPORT_MESSAGE_MAX_PER_ACCOUNT',
  'SUPPORT_MESSAGE_WINDOW_SECONDS',
  'ADMIN_OUTREACH_MAX_PER_ACCOUNT',
  'ADMIN_OUTREACH_WINDOW_SECONDS',
  'PAYOUT_ONBOARDING_MAX_PER_ACCOUNT',
  'PAYOUT_ONBOARDING_WINDOW_SECONDS',
];

describe('AppConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadAppConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.usesEmbeddedDatabase).toBe(true);
    expect(config.DATA_DIR).toBe(join(workspaceRoot, '.data'));
    expect(config.EMBEDDED_PG_PORT).toBe(5433);
    expect(config.PUBLIC_APP_URL).toBe('http://localhost:4200');
    const ports = [4200, 4201, 4202, 4203, 4204];
    expect(config.CORS_ORIGINS).toEqual([...ports.map((port) => `http://localhost:${port}`), ...ports.map((port) => `http://127.0.0.1:${port}`)]);
    expect(config.STRIPE_PUBLISHABLE_KEY).toBe('pk_embedded_huddle');
    expect(config.COOKIE_SECURE).toBe(false);
    expect(config.LOG_LEVEL).toBe('log');
    expect(config.SEARCH_CACHE_TTL_MS).toBe(5000);
    expect(config.API_WORKERS).toBe(1);
    expect(loadAppConfig({ API_WORKERS: '2' }).API_WORKERS).toBe(2);
    expect(() => loadAppConfig({ API_WORKERS: '0' })).toThrow(ConfigurationError);
    expect(loadAppConfig({ SEARCH_CACHE_TTL_MS: '0' }).SEARCH_CACHE_TTL_MS).toBe(0);
    expect(() => loadAppConfig({ SEARCH_CACHE_TTL_MS: '-1' })).toThrow(ConfigurationError);
    // A stream whose heartbeat comes no sooner than the idle timeout would be cut while quiet.
    expect(() => loadAppConfig({ HTTP_IDLE_TIMEOUT_SECONDS: '20' })).toThrow(/NOTIFICATIONS_HEARTBEAT_SECONDS must be below HTTP_IDLE_TIMEOUT_SECONDS/);
    expect(loadAppConfig({ HTTP_IDLE_TIMEOUT_SECONDS: '20', NOTIFICATIONS_HEARTBEAT_SECONDS: '15' }).NOTIFICATIONS_HEARTBEAT_SECONDS).toBe(15);
  });

  it('parses and converts provided values, treating blank ones as unset', () => {
    const config = loadAppConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/huddle',
      AUTH_SECRET: 'k'.repeat(40),
      DATA_DIR: 'var/state',
      CORS_ORIGINS: 'https://app.huddle.test, https://admin.huddle.test',
      COOKIE_SECURE: 'true',
      LOG_LEVEL: 'debug',
      HOST: '   ',
    });
    expect(config.PORT).toBe(8080);
    expect(config.usesEmbeddedDatabase).toBe(false);
    expect(config.DATA_DIR).toBe(join(workspaceRoot, 'var/state'));
    expect(config.CORS_ORIGINS).toEqual(['https://app.huddle.test', 'https://admin.huddle.test']);
    expect(config.COOKIE_SECURE).toBe(true);
    expect(config.LOG_LEVEL).toBe('debug');
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('marks the session cookie Secure by default whenever the public app is served over https; an explicit value wins', () => {
    expect(loadAppConfig({ PUBLIC_APP_URL: 'https://app.huddle.test' }).COOKIE_SECURE).toBe(true);
    expect(loadAppConfig({ PUBLIC_APP_URL: 'HTTPS://app.huddle.test' }).COOKIE_SECURE).toBe(true);
    expect(loadAppConfig({ PUBLIC_APP_URL: 'http://app.huddle.test' }).COOKIE_SECURE).toBe(false);
    expect(loadAppConfig({ PUBLIC_APP_URL: 'https://app.huddle.test', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadAppConfig({ PUBLIC_APP_URL: 'http://localhost:4200', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    // Blank counts as unset: the default follows the URL.
    expect(loadAppConfig({ PUBLIC_APP_URL: 'https://app.huddle.test', COOKIE_SECURE: ' ' }).COOKIE_SECURE).toBe(true);
  });

  it('reports every invalid variable at once', () => {
    let thrown: unknown;
    try {
      loadAppConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', COOKIE_SECURE: 'maybe', LOG_LEVEL: 'loud', CORS_ORIGINS: 'not a url' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const problems = (thrown as ConfigurationError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'COOKIE_SECURE', 'LOG_LEVEL', 'CORS_ORIGINS']) expect(problems).toContain(name);
  });

  it('describes every variable with a default and a description', () => {
    const described = describeEnvironment();
    expect(described.map((variable) => variable.name)).toEqual([
      'NODE_ENV',
      'PORT',
      'API_WORKERS',
      'HOST',
      'DATABASE_URL',
      'DATA_DIR',
      'EMBEDDED_PG_PORT',
      'PUBLIC_APP_URL',
      'CORS_ORIGINS',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'STRIPE_API_URL',
      'PAYMENTS_SANDBOX',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_API_KEY_SID',
      'TWILIO_API_KEY_SECRET',
      'VIDEO_ICE_SERVERS',
      'PLATFORM_FEE_PERCENT',
      'REQUEST_EXPIRY_HOURS',
      'REQUEST_EXPIRY_BEFORE_START_MINUTES',
      'DELIVERED_AUTO_COMPLETE_DAYS',
      'EVENT_AUTO_COMPLETE_DAYS',
      'DELIVERY_DEADLINE_DAYS',
      'UNPAID_DRAFT_TTL_HOURS',
      'PAYOUT_DUE_DAYS',
      'DELIVERY_VIDEO_MAX_MB',
      'SUPPORT_EMAIL',
      'COOKIE_SECURE',
      'SEED_DEMO',
      'SEARCH_CACHE_TTL_MS',
      'LOG_LEVEL',
      'MEDIA_DIR',
      'MAX_IMAGE_MB',
      'VIDEO_MAX_MB',
      'VIDEO_MAX_SECONDS',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_URL',
      'S3_FORCE_PATH_STYLE',
      'MEDIA_SIGNED_URL_SECONDS',
      'GEOCODER_URL',
      'GEOCODER_USER_AGENT',
      'MAP_TILES_URL',
      'MAP_TILES_ATTRIBUTION',
      'AUTH_SECRET',
      'SESSION_TOKEN_TTL_SECONDS',
      'SIGN_IN_MAX_PER_IP',
      'SIGN_IN_MAX_PER_EMAIL',
      'SIGN_IN_WINDOW_SECONDS',
      'PASSWORD_RESET_MAX_PER_EMAIL',
      'PASSWORD_RESET_MAX_PER_IP',
      'PASSWORD_RESET_CONFIRM_MAX',
      'PASSWORD_RESET_WINDOW_SECONDS',
      'SIGN_UP_MAX_PER_IP',
      'SIGN_UP_WINDOW_SECONDS',
      'GEOCODE_MAX_PER_IP',
      'GEOCODE_WINDOW_SECONDS',
      'UPLOAD_MAX_PER_ACCOUNT',
      'UPLOAD_WINDOW_SECONDS',
      'BOOKING_MAX_PER_ACCOUNT',
      'BOOKING_WINDOW_SECONDS',
      'PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT',
      'PAYMENT_ATTEMPTS_MAX_PER_IP',
      'PAYMENT_ATTEMPTS_WINDOW_SECONDS',
      'CARD_SAVE_MAX_PER_ACCOUNT',
      'CARD_SAVE_MAX_PER_IP',
      'CARD_SAVE_WINDOW_SECONDS',
      'CHECKOUT_DECLINES_MAX',
      'CHECKOUT_DECLINES_WINDOW_SECONDS',
      ...COST_RATE_LIMITS,
      'UNUSED_UPLOAD_GRACE_HOURS',
      'SMTP_URL',
      'MAIL_FROM',
      'FACEBOOK_APP_ID',
      'FACEBOOK_APP_SECRET',
      'FACEBOOK_LOGIN_CONFIG_ID',
      'BUSINESS_SIGN_IN_SANDBOX',
      'FACEBOOK_AUTHORIZE_URL',
      'FACEBOOK_GRAPH_URL',
      'TRUST_PROXY',
      'JOBS_POLL_INTERVAL_MS',
      'JOBS_RETRY_LIMIT',
      'JOBS_RETRY_DELAY_SECONDS',
      'JOBS_EXPIRE_SECONDS',
      'JOBS_WORK',
      'JOBS_SCHEDULES',
      'JOBS_MAINTENANCE_INTERVAL_SECONDS',
      'HTTP_IDLE_TIMEOUT_SECONDS',
      'NOTIFICATIONS_HEARTBEAT_SECONDS',
    ]);
    expect(described.find((variable) => variable.name === 'DATABASE_URL')?.default).toBeNull();
    expect(described.find((variable) => variable.name === 'DATA_DIR')?.default).toBe('.data (under the workspace root)');
    expect(described.find((variable) => variable.name === 'COOKIE_SECURE')?.default).toBe('true when PUBLIC_APP_URL is https, false otherwise');
    for (const variable of described) expect(variable.description.length).toBeGreaterThan(20);
  });

  it('describes the account variables (rate limits, mail, business sign-in) with safe defaults', () => {
    const described = describeEnvironment();
    const names = described.map((variable) => variable.name);
    const accountVariables = [
      'AUTH_SECRET',
      'SESSION_TOKEN_TTL_SECONDS',
      'SIGN_IN_MAX_PER_IP',
      'SIGN_IN_MAX_PER_EMAIL',
      'SIGN_IN_WINDOW_SECONDS',
      'PASSWORD_RESET_MAX_PER_EMAIL',
      'PASSWORD_RESET_MAX_PER_IP',
      'PASSWORD_RESET_CONFIRM_MAX',
      'PASSWORD_RESET_WINDOW_SECONDS',
      'SIGN_UP_MAX_PER_IP',
      'SIGN_UP_WINDOW_SECONDS',
      'GEOCODE_MAX_PER_IP',
      'GEOCODE_WINDOW_SECONDS',
      'UPLOAD_MAX_PER_ACCOUNT',
      'UPLOAD_WINDOW_SECONDS',
      'BOOKING_MAX_PER_ACCOUNT',
      'BOOKING_WINDOW_SECONDS',
      'PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT',
      'PAYMENT_ATTEMPTS_MAX_PER_IP',
      'PAYMENT_ATTEMPTS_WINDOW_SECONDS',
      'CARD_SAVE_MAX_PER_ACCOUNT',
      'CARD_SAVE_MAX_PER_IP',
      'CARD_SAVE_WINDOW_SECONDS',
      'CHECKOUT_DECLINES_MAX',
      'CHECKOUT_DECLINES_WINDOW_SECONDS',
      ...COST_RATE_LIMITS,
      'UNUSED_UPLOAD_GRACE_HOURS',
      'SMTP_URL',
      'MAIL_FROM',
      'FACEBOOK_APP_ID',
      'FACEBOOK_APP_SECRET',
      'FACEBOOK_LOGIN_CONFIG_ID',
      'BUSINESS_SIGN_IN_SANDBOX',
      'FACEBOOK_AUTHORIZE_URL',
      'FACEBOOK_GRAPH_URL',
      'TRUST_PROXY',
    ];
    const start = names.indexOf('AUTH_SECRET');
    expect(names.slice(start, start + accountVariables.length)).toEqual(accountVariables);
    expect(described.find((variable) => variable.name === 'AUTH_SECRET')?.default).toBe('random at each start (embedded database only)');
    expect(described.find((variable) => variable.name === 'SMTP_URL')?.default).toBeNull();

    const config = loadAppConfig({});
    expect(config.AUTH_SECRET).toBeUndefined();
    // Session tokens live 15 minutes; sessions (and the cookie) 30 days, renewed as they are used.
    expect(config.SESSION_TOKEN_TTL_SECONDS).toBe(900);
    expect(() => loadAppConfig({ SESSION_TOKEN_TTL_SECONDS: '10' })).toThrow(/SESSION_TOKEN_TTL_SECONDS/);
    expect([config.SIGN_IN_MAX_PER_IP, config.SIGN_IN_MAX_PER_EMAIL, config.SIGN_IN_WINDOW_SECONDS]).toEqual([10, 5, 60]);
    expect([config.PASSWORD_RESET_MAX_PER_EMAIL, config.PASSWORD_RESET_MAX_PER_IP, config.PASSWORD_RESET_CONFIRM_MAX, config.PASSWORD_RESET_WINDOW_SECONDS]).toEqual([
      3, 10, 10, 600,
    ]);
    // Money limits (issue 21): an honest payer never meets them, a card tester soon does.
    expect([config.BOOKING_MAX_PER_ACCOUNT, config.PAYMENT_ATTEMPTS_MAX_PER_ACCOUNT, config.PAYMENT_ATTEMPTS_MAX_PER_IP, config.CARD_SAVE_MAX_PER_ACCOUNT, config.CARD_SAVE_MAX_PER_IP]).toEqual([
      60, 60, 300, 10, 30,
    ]);
    expect([config.CHECKOUT_DECLINES_MAX, config.CHECKOUT_DECLINES_WINDOW_SECONDS]).toEqual([5, 3600]);
    expect(() => loadAppConfig({ CHECKOUT_DECLINES_MAX: '0' })).toThrow(/CHECKOUT_DECLINES_MAX/);
    expect(config.MAIL_FROM).toBe('Huddle <no-reply@huddle.local>');
    expect(config.usesFacebookLogin).toBe(false);
    expect(config.FACEBOOK_GRAPH_URL).toBe('https://graph.facebook.com/v21.0');
    expect(config.trustProxy).toBe('loopback');
    expect(loadAppConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('fails closed on a DATABASE_URL: a chosen AUTH_SECRET is required, and demo seed and business sandbox are off unless asked for', () => {
    const embedded = loadAppConfig({});
    expect([embedded.seedsDemo, embedded.servesBusinessSandbox]).toEqual([true, true]);
    expect(loadAppConfig({ SEED_DEMO: 'false', BUSINESS_SIGN_IN_SANDBOX: 'false' })).toMatchObject({ seedsDemo: false, servesBusinessSandbox: false });

    const url = 'postgres://u:p@db:5432/huddle';
    for (const secret of [undefined, 'x'.repeat(31)]) {
      let thrown: unknown;
      try {
        loadAppConfig({ DATABASE_URL: url, ...(secret && { AUTH_SECRET: secret }) });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigurationError);
      expect((thrown as ConfigurationError).message).toContain('AUTH_SECRET must be set to a secret of at least 32 characters when DATABASE_URL is set');
    }

    const deployed = loadAppConfig({ DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(32) });
    expect([deployed.seedsDemo, deployed.servesBusinessSandbox]).toEqual([false, false]);
    const asked = loadAppConfig({ DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(32), SEED_DEMO: 'true', BUSINESS_SIGN_IN_SANDBOX: 'true' });
    expect([asked.seedsDemo, asked.servesBusinessSandbox]).toEqual([true, true]);
    // A configured Facebook app always wins over the sandbox.
    expect(loadAppConfig({ BUSINESS_SIGN_IN_SANDBOX: 'true', FACEBOOK_APP_ID: '1', FACEBOOK_APP_SECRET: '2' }).servesBusinessSandbox).toBe(false);
  });

  it('refuses sandbox payments on a production deployment (NODE_ENV=production, DATABASE_URL) unless PAYMENTS_SANDBOX=true asks for them', () => {
    const deployment = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/huddle', AUTH_SECRET: 'x'.repeat(32) };
    let thrown: unknown;
    try {
      loadAppConfig(deployment);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as ConfigurationError).problems).toEqual([
      'STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET) must be set when NODE_ENV=production and DATABASE_URL is set: without it payments run on the embedded sandbox and no real money moves; for a trial deployment set PAYMENTS_SANDBOX=true',
    ]);
    expect(() => loadAppConfig({ ...deployment, PAYMENTS_SANDBOX: 'false' })).toThrow(/for a trial deployment set PAYMENTS_SANDBOX=true/);
    expect(() => loadAppConfig({ ...deployment, STRIPE_SECRET_KEY: '  ' })).toThrow(/STRIPE_SECRET_KEY \(with STRIPE_WEBHOOK_SECRET\) must be set/);

    // The opt-in, a Stripe key, or anything short of a production deployment starts.
    expect(loadAppConfig({ ...deployment, PAYMENTS_SANDBOX: 'true' }).PAYMENTS_SANDBOX).toBe(true);
    expect(loadAppConfig({ ...deployment, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' }).STRIPE_SECRET_KEY).toBe('sk_test_123');
    expect(loadAppConfig({ ...deployment, NODE_ENV: 'test' }).PAYMENTS_SANDBOX).toBe(false);
    expect(loadAppConfig({ NODE_ENV: 'production' }).usesEmbeddedDatabase).toBe(true);
    expect(loadAppConfig({}).PAYMENTS_SANDBOX).toBe(false);
    expect(() => loadAppConfig({ PAYMENTS_SANDBOX: 'maybe' })).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('parses the account variables and rejects half-configured providers', () => {
    const config = loadAppConfig({
      AUTH_SECRET: 's'.repeat(32),
      SIGN_IN_MAX_PER_EMAIL: '2',
      SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
      FACEBOOK_APP_ID: '1234',
      FACEBOOK_APP_SECRET: 'shh',
    });
    expect(config.SIGN_IN_MAX_PER_EMAIL).toBe(2);
    expect(config.SMTP_URL).toBe('smtp://mailer:secret@mail.example.com:587');
    expect(config.usesFacebookLogin).toBe(true);

    let thrown: unknown;
    try {
      loadAppConfig({ AUTH_SECRET: 'short', SIGN_IN_MAX_PER_IP: '0', SMTP_URL: 'http://mail', FACEBOOK_APP_ID: '1234' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const problems = (thrown as ConfigurationError).problems.join('\n');
    for (const name of ['AUTH_SECRET', 'SIGN_IN_MAX_PER_IP', 'SMTP_URL', 'FACEBOOK_APP_SECRET']) expect(problems).toContain(name);
    expect(problems).toContain('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together');
  });

  it('describes the media and maps variables with offline defaults', () => {
    const config = loadAppConfig({});
    expect(config.MEDIA_DIR).toBe('media');
    expect(config.mediaDirectory).toBe(join(workspaceRoot, '.data', 'media'));
    expect([config.MAX_IMAGE_MB, config.VIDEO_MAX_MB, config.VIDEO_MAX_SECONDS]).toEqual([20, 2044, 30]);
    expect(config.usesS3Media).toBe(false);
    expect([config.S3_REGION, config.S3_FORCE_PATH_STYLE]).toEqual(['us-east-1', false]);
    expect([config.GEOCODER_URL, config.MAP_TILES_URL, config.MAP_TILES_ATTRIBUTION]).toEqual([undefined, undefined, undefined]);
    expect(config.GEOCODER_USER_AGENT).toContain('Huddle');
    expect(describeEnvironment().find((variable) => variable.name === 'VIDEO_MAX_MB')?.default).toBe('2044');
  });

  it('parses the media and maps variables and rejects half-configured S3 or a tile URL without its placeholders', () => {
    const config = loadAppConfig({
      DATA_DIR: '/srv/huddle',
      MEDIA_DIR: 'uploads',
      VIDEO_MAX_MB: '500',
      S3_BUCKET: 'huddle-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      GEOCODER_URL: 'https://nominatim.openstreetmap.org',
      MAP_TILES_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(config.mediaDirectory).toBe('/srv/huddle/uploads');
    expect(config.VIDEO_MAX_MB).toBe(500);
    expect(config.usesS3Media).toBe(true);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);

    let thrown: unknown;
    try {
      loadAppConfig({ S3_BUCKET: 'Not A Bucket', S3_ACCESS_KEY_ID: 'only-half', MAP_TILES_URL: 'https://tiles.example.com/tile.png', VIDEO_MAX_SECONDS: '0', GEOCODER_URL: 'nominatim' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const problems = (thrown as ConfigurationError).problems.join('\n');
    for (const name of ['S3_BUCKET', 'S3_SECRET_ACCESS_KEY', 'MAP_TILES_URL', 'VIDEO_MAX_SECONDS', 'GEOCODER_URL']) expect(problems).toContain(name);
    expect(problems).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  });

  it('maps LOG_LEVEL to the enabled Nest levels', () => {
    expect(logLevelsFor('error')).toEqual(['fatal', 'error']);
    expect(logLevelsFor('log')).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(logLevelsFor('verbose')).toEqual(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']);
  });

  it('finds the workspace root from any depth below it', () => {
    expect(findWorkspaceRoot(join(workspaceRoot, 'apps/api/src/config'))).toBe(workspaceRoot);
    expect(findWorkspaceRoot(workspaceRoot)).toBe(workspaceRoot);
  });
});
