import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { MediaStorage } from './media-storage';
import type { ByteRange, MediaDelivery } from './media-storage';

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * The embedded default: media as files under one directory. Every write lands in a temporary
 * name first and is renamed into place, so a reader never sees half a file.
 */
export class DiskMediaStorage extends MediaStorage {
  readonly description: string;
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
    this.description = `local disk (${this.root})`;
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    // Keys are validated upstream; this keeps a bug elsewhere from reaching outside the root.
    if (!path.startsWith(this.root + sep)) throw new Error(`Media key escapes the media directory: ${key}`);
    return path;
  }

  private async stagingPath(target: string): Promise<string> {
    await mkdir(dirname(target), { recursive: true });
    return join(dirname(target), `.${randomUUID()}.part`);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      // Upload staging shares DATA_DIR with the media directory, so a multi-gigabyte video is
      // moved by a rename instead of being copied.
      await rename(sourcePath, target);
      return;
    } catch (error) {
      if (!isErrorCode(error, 'EXDEV')) throw error;
    }
    const staging = await this.stagingPath(target);
    try {
      await copyFile(sourcePath, staging);
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { force: true });
      throw error;
    }
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const staging = await this.stagingPath(target);
    try {
      await writeFile(staging, data, { flag: 'wx' });
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    // Fail here, not on the stream's first read, when the file is missing.
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async delivery(key: string): Promise<MediaDelivery> {
    return { kind: 'file', path: this.pathOf(key) };
  }

  async delete(key: string): Promise<void> {
    try {
      await rm(this.pathOf(key));
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) throw error;
    }
  }
}
