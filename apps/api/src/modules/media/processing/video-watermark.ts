import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';

/**
 * Watermarked copies of delivered videos (spec §6: a requester never receives the original before
 * approving it). ffmpeg comes from an npm package that ships the binary, so `npm install` is all a
 * machine needs. The mark is Huddle's name, rendered once to a transparent PNG (sharp draws the
 * SVG text, so ffmpeg needs no font of its own), scaled to a fifth of the frame's height and laid
 * over the middle of every frame, plus a smaller one in the corner a crop would not remove.
 */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

/** A render longer than this is stopped (a delivery video may be long; the copy is not re-encoded in real time). */
const RENDER_TIMEOUT_MS = 30 * 60 * 1000;

const MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="220">
  <rect x="10" y="10" width="880" height="200" rx="40" fill="black" fill-opacity="0.28"/>
  <text x="450" y="150" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="130" font-weight="bold"
        text-anchor="middle" fill="white" fill-opacity="0.78" letter-spacing="18">HUDDLE</text>
</svg>`;

let markPng: Promise<Buffer> | null = null;

/** Writes the mark as a PNG into `directory` (drawn once per process, written per render). */
export async function watermarkImage(directory: string): Promise<string> {
  markPng ??= sharp(Buffer.from(MARK_SVG)).png().toBuffer().catch((error: unknown) => {
    markPng = null;
    throw error;
  });
  const path = join(directory, 'huddle-watermark.png');
  await writeFile(path, await markPng);
  return path;
}

// Renders under way, so a process that stops (or an app closed in a test) stops them too.
const running = new Set<ChildProcess>();

/** Stops every render of this process (at shutdown): a render is a job, retried after a restart. */
export function stopRenders(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

// One render at a time per process: on two cores a second ffmpeg would only slow both.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders `input` (a video `width` pixels wide) with the mark into `output` (H.264 + AAC in MP4,
 * streamable from the start).
 */
export function renderWatermarked(input: string, output: string, mark: string, width: number): Promise<void> {
  const run = queue.then(() => ffmpeg(input, output, mark, width));
  queue = run.catch(() => undefined);
  return run;
}

function ffmpeg(input: string, output: string, mark: string, width: number): Promise<void> {
  // The mark is one still frame, sized from the video's width; overlay repeats it on every frame
  // (its eof_action) for as long as the video runs. The size is even so H.264's 4:2:0 accepts it.
  const big = Math.max(2, Math.round((width * 0.6) / 2) * 2);
  const small = Math.max(2, Math.round((width * 0.22) / 2) * 2);
  const filter = [
    `[1:v]scale=${big}:-2,split[big][m2]`,
    `[m2]scale=${small}:-2[small]`,
    '[0:v][big]overlay=(W-w)/2:(H-h)/2[marked]',
    '[marked][small]overlay=W-w-(W/30):H-h-(H/30),scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p[out]',
  ].join(';');
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-i', input,
    '-i', mark,
    '-filter_complex', filter,
    '-map', '[out]', '-map', '0:a?',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26',
    '-c:a', 'aac', '-b:a', '128k',
    '-movflags', '+faststart',
    output,
  ];
  return new Promise((resolve, reject) => {
    const child = execFile(FFMPEG_PATH, args, { timeout: RENDER_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (error, _stdout, stderr) => {
      running.delete(child);
      if (error) reject(new Error(`ffmpeg could not watermark the video: ${String(stderr).trim().slice(0, 500) || error.message}`));
      else resolve();
    });
    running.add(child);
  });
}
