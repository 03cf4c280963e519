import sharp from 'sharp';
import { LIMITS } from '@huddle/domain';

export interface PortraitInput {
  initials: string;
  sport: string;
  /** Two colours of the background gradient, as #rrggbb. */
  colors: readonly [string, string];
}

export interface Portrait {
  profile: Buffer;
  dashboard: Buffer;
}

const JPEG_QUALITY = 82;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A placeholder portrait in the product's two crop sizes: a diagonal gradient, soft light
 * shapes, the athlete's initials in a ring and the sport underneath. Drawn as SVG and rendered
 * by sharp (librsvg), so the demo needs no image files.
 */
function portraitSvg(input: PortraitInput, width: number, height: number): string {
  const unit = Math.min(width, height);
  const cx = width / 2;
  const cy = height * 0.44;
  const ring = unit * 0.3;
  const [from, to] = input.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.3" cy="0.2" r="0.8">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <circle cx="${width * 0.88}" cy="${height * 0.9}" r="${unit * 0.42}" fill="#ffffff" fill-opacity="0.07"/>
  <circle cx="${width * 0.08}" cy="${height * 0.08}" r="${unit * 0.22}" fill="#000000" fill-opacity="0.08"/>
  <circle cx="${cx}" cy="${cy}" r="${ring}" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${unit * 0.012}"/>
  <text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold"
    font-size="${unit * 0.24}" fill="#ffffff" letter-spacing="${unit * 0.01}">${escapeXml(input.initials)}</text>
  <text x="${cx}" y="${height * 0.86}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold"
    font-size="${unit * 0.075}" fill="#ffffff" fill-opacity="0.92" letter-spacing="${unit * 0.006}">${escapeXml(input.sport.toUpperCase())}</text>
</svg>`;
}

async function render(input: PortraitInput, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(input, width, height))).jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
}

/** The square profile photo (1024x1024) and the 320x440 dashboard card of spec §9. */
export async function renderPortrait(input: PortraitInput): Promise<Portrait> {
  const [profile, dashboard] = await Promise.all([
    render(input, LIMITS.crop.profile.width, LIMITS.crop.profile.height),
    render(input, LIMITS.crop.dashboard.width, LIMITS.crop.dashboard.height),
  ]);
  return { profile, dashboard };
}
