import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { createFile, Log, MP4BoxBuffer } from 'mp4box';
import type { ISOFile, Movie } from 'mp4box';

/** What the server learns from a video file's own metadata. */
export interface VideoFacts {
  durationSeconds: number;
  width: number | null;
  height: number | null;
}

interface BoxLocation {
  type: string;
  start: number;
  size: number;
}

// The metadata boxes of a phone video are kilobytes; a cap keeps a hostile file from making the
// server read gigabytes of "metadata" into memory.
const MAX_METADATA_BYTES = 64 * 1024 * 1024;
// Top-level boxes whose contents the duration depends on; mdat (the media data) is never read.
const METADATA_BOXES = new Set(['ftyp', 'moov', 'moof']);

// mp4box prints straight to the console, at error level, every box it does not know, such as the
// QuickTime metadata atoms (©xyz, ©swr) in every iPhone movie. Its messages go to the debug log.
const mp4boxLogger = new Logger('mp4box');
const toDebugLog = (module: string, message?: string): void => mp4boxLogger.debug(`[${module}] ${message ?? ''}`);
Object.assign(Log, { error: toDebugLog, warn: toDebugLog, info: toDebugLog, debug: toDebugLog });

async function readExactly(file: FileHandle, start: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, start);
  return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
}

/** The file's top-level ISO-BMFF boxes, read from their 8- or 16-byte headers only. */
async function topLevelBoxes(file: FileHandle, fileSize: number): Promise<BoxLocation[] | null> {
  const boxes: BoxLocation[] = [];
  let offset = 0;
  while (offset + 8 <= fileSize) {
    const header = await readExactly(file, offset, 16);
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (size === 1) {
      if (header.length < 16) return null;
      size = Number(header.readBigUInt64BE(8));
    } else if (size === 0) {
      size = fileSize - offset;
    }
    if (size < 8 || offset + size > fileSize) return null;
    boxes.push({ type, start: offset, size });
    offset += size;
  }
  return boxes;
}

/**
 * Fragmented MP4 (browser recorders, live encoders) may leave the movie header's duration at 0:
 * the movie lasts as long as the sample durations of its fragments add up to, per track.
 */
function fragmentedDurationSeconds(iso: ISOFile): number {
  const moov = iso.moov;
  const timescales = new Map(moov.traks.map((trak) => [trak.tkhd.track_id, trak.mdia.mdhd.timescale]));
  const trackDefaults = new Map((moov.mvex?.trexs ?? []).map((trex) => [trex.track_id, trex.default_sample_duration]));
  const totals = new Map<number, number>();
  for (const moof of iso.moofs) {
    for (const traf of moof.trafs) {
      const trackId = traf.tfhd.track_id;
      // tfhd flag 0x08: default-sample-duration-present; trun flag 0x100: sample-duration-present.
      const fallback = traf.tfhd.flags & 0x08 ? traf.tfhd.default_sample_duration : (trackDefaults.get(trackId) ?? 0);
      let ticks = 0;
      for (const trun of traf.truns) {
        ticks += trun.flags & 0x100 ? trun.sample_duration.reduce((sum, value) => sum + value, 0) : trun.sample_count * fallback;
      }
      totals.set(trackId, (totals.get(trackId) ?? 0) + ticks);
    }
  }
  let longest = 0;
  for (const [trackId, ticks] of totals) {
    const timescale = timescales.get(trackId);
    if (timescale) longest = Math.max(longest, ticks / timescale);
  }
  return longest;
}

function movieDurationSeconds(movie: Movie, iso: ISOFile): number {
  if (movie.duration > 0 && movie.timescale > 0) return movie.duration / movie.timescale;
  const announced = iso.moov.mvex?.mehd?.fragment_duration ?? 0;
  if (announced > 0 && movie.timescale > 0) return announced / movie.timescale;
  return movie.isFragmented ? fragmentedDurationSeconds(iso) : 0;
}

/**
 * Reads an MP4 or QuickTime file's duration and picture size from its metadata boxes (the movie
 * header and, for fragmented files, the fragment headers) with mp4box, without reading the media
 * data. Null when the file has no parsable movie with a video track.
 */
export async function inspectVideo(path: string): Promise<VideoFacts | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const boxes = await topLevelBoxes(file, size);
    if (!boxes || !boxes.some((box) => box.type === 'moov')) return null;

    const metadata = boxes.filter((box) => METADATA_BOXES.has(box.type));
    const total = metadata.reduce((sum, box) => sum + box.size, 0);
    if (total > MAX_METADATA_BYTES) return null;
    // The boxes are handed to mp4box back to back: it parses structure, and the sample offsets
    // that now point elsewhere are never followed because no sample is read.
    const joined = Buffer.concat(await Promise.all(metadata.map((box) => readExactly(file, box.start, box.size))));

    const iso = createFile();
    // Set from mp4box's callback, which it calls synchronously once the movie box is parsed. A
    // file too damaged to parse never gets there; lesser complaints (an odd codec box) are logged.
    const outcome: { movie: Movie | null } = { movie: null };
    iso.onReady = (info) => {
      outcome.movie = info;
    };
    iso.onError = toDebugLog;
    iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length), 0));
    iso.flush();

    const parsed = outcome.movie;
    if (!parsed || parsed.videoTracks.length === 0) return null;
    const durationSeconds = movieDurationSeconds(parsed, iso);
    if (!(durationSeconds > 0)) return null;
    const video = parsed.videoTracks[0].video;
    return { durationSeconds: Math.round(durationSeconds * 1000) / 1000, width: video?.width ?? null, height: video?.height ?? null };
  } catch {
    // A malformed box makes mp4box throw mid-parse: the file is not a readable movie.
    return null;
  } finally {
    await file.close();
  }
}
