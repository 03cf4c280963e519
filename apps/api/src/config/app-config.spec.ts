import { join } from 'node:path';
import { ConfigurationError, describeEnvironment, loadAppConfig } from './app-config';
import { logLevelsFor } from './log-levels';
import { findWorkspaceRoot } from './workspace-root';

const workspaceRoot = findWorkspaceRoot(__dirname);

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
    expect(config.CORS_ORIGINS).toEqual(['http://localhost:4200', 'http://localhost:4201', 'http://localhost:4202', 'http://localhost:4203', 'http://localhost:4204']);
    expect(config.STRIPE_PUBLISHABLE_KEY).toBe('pk_embedded_huddle');
    expect(config.COOKIE_SECURE).toBe(false);
    expect(config.LOG_LEVEL).toBe('log');
  });

  it('parses and converts provided values, treating blank ones as unset', () => {
    const config = loadAppConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/huddle',
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
      'PORT',
      'HOST',
      'DATABASE_URL',
      'DATA_DIR',
      'EMBEDDED_PG_PORT',
      'PUBLIC_APP_URL',
      'CORS_ORIGINS',
      'STRIPE_PUBLISHABLE_KEY',
      'COOKIE_SECURE',
      'SEED_DEMO',
      'LOG_LEVEL',
    ]);
    expect(described.find((variable) => variable.name === 'DATABASE_URL')?.default).toBeNull();
    expect(described.find((variable) => variable.name === 'DATA_DIR')?.default).toBe('.data (under the workspace root)');
    expect(described.find((variable) => variable.name === 'COOKIE_SECURE')?.default).toBe('false');
    for (const variable of described) expect(variable.description.length).toBeGreaterThan(20);
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
