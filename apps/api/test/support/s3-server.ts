import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** s3rver accepts only its own fixed key pair, and checks signatures made with it. */
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** A real S3 protocol server (s3rver) on a loopback port, storing into a throwaway directory. */
export async function startLocalS3(bucket = 'huddle-media'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'huddle-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
