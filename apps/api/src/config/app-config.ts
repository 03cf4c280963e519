import 'reflect-metadata';
import { isAbsolute, join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
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
const DEV_ORIGINS = [4200, 4201, 4202, 4203, 4204].map((port) => `http://localhost:${port}`);

function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
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

/**
 * Every environment variable the API reads, with its validation and meaning. It is read once, at
 * start, by `loadAppConfig`; everything else receives this object through dependency injection.
 */
export class AppConfig {
  @Env({ description: 'TCP port of the HTTP API and its notification stream.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

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

  @Env({ description: 'Mark the session cookie Secure (browsers then send it over HTTPS only); set true behind HTTPS.' })
  @Transform(toBoolean)
  @IsBoolean()
  COOKIE_SECURE = false;

  @Env({ description: 'Seed the demo accounts (and, later, demo athletes) when the database has no accounts yet. `npm start` relies on it.' })
  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO = true;

  @Env({ description: `Most verbose log level printed: ${LOG_LEVELS.join(', ')}.` })
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'log';

  get usesEmbeddedDatabase(): boolean {
    return this.DATABASE_URL === undefined;
  }
}

export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

function describeProblems(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => Object.values(error.constraints ?? {}).map((message) => `${message} (${error.property})`));
}

/** Reads and validates the variables AppConfig declares; empty values count as unset. */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const provided: Record<string, string> = {};
  for (const name of documented.keys()) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') provided[name] = value.trim();
  }
  const config = plainToInstance(AppConfig, provided);
  const problems = describeProblems(validateSync(config, { forbidUnknownValues: false }));
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
