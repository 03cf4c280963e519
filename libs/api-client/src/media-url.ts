/**
 * The browser URL of a stored file. The API answers paths such as '/media/abc.jpg' under its own
 * base (GET /media/<key>); absolute URLs (S3, a CDN) and local previews pass through.
 */
export function mediaUrl(apiBase: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(?:https?:|blob:|data:)/i.test(path)) return path;
  const base = apiBase.replace(/\/+$/, '');
  if (path.startsWith(`${base}/`)) return path;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}
