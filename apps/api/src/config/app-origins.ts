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

/**
 * Where a request says it was made from: its Origin header, else its Referer's origin (browsers
 * send no Origin on a same-origin GET, and the app calls its API on its own origin); null when
 * it says neither.
 */
export function requestOrigin(headers: Record<string, string | string[] | undefined>): string | null {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = headers.referer;
  return typeof referer === 'string' ? originOf(referer) : null;
}

/**
 * The app's base URL (ending in '/') for a link an answer hands out (a shoutout's watch link, the
 * calendar feed's URL): on the origin the person used when it is one of the app's (appBaseOn),
 * else PUBLIC_APP_URL's. A read never fails because of an odd origin; it falls back.
 */
export function appBaseOrPublic(config: Pick<AppConfig, 'PUBLIC_APP_URL' | 'CORS_ORIGINS'>, origin: string | null): string {
  return appBaseOn(config, origin) ?? (appBaseOn(config, null) as string);
}
