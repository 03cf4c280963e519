import type { AppConfig } from './app-config';

/** The origin of a URL ('http://localhost:4200'), or null when it is not an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Every origin the web app is served from: PUBLIC_APP_URL's and each of CORS_ORIGINS. */
export function appOrigins(config: Pick<AppConfig, 'PUBLIC_APP_URL' | 'CORS_ORIGINS'>): string[] {
  const origins = [config.PUBLIC_APP_URL, ...config.CORS_ORIGINS].map(originOf).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

/**
 * The app's base URL (ending in '/') on the origin a person used, PUBLIC_APP_URL's path kept (an
 * app served under https://host/app stays under /app): PUBLIC_APP_URL itself when no origin is
 * given, null when the origin is not one of the app's (appOrigins), so a caller can refuse it
 * rather than send the person somewhere they did not start from.
 */
export function appBaseOn(config: Pick<AppConfig, 'PUBLIC_APP_URL' | 'CORS_ORIGINS'>, origin: string | null | undefined): string | null {
  const base = new URL(config.PUBLIC_APP_URL.replace(/\/*$/, '/'));
  if (origin === null || origin === undefined) return base.toString();
  const wanted = originOf(origin);
  if (wanted === null || wanted !== origin.replace(/\/+$/, '') || !appOrigins(config).includes(wanted)) return null;
  return `${wanted}${base.pathname}`;
}
