// The local stand-in for MinIO (deploy/compose.local.yaml): s3rver, a small S3 protocol server,
// on port 9000, storing under /data, with the compose file's key pair (S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY; s3rver otherwise knows only its own fixed pair) and the bucket S3_BUCKET
// made at start (what minio-bucket's `mc mb` does for MinIO). Buckets are in the path only (the
// API's S3_FORCE_PATH_STYLE): s3rver would otherwise take the host name `minio` for a bucket.
'use strict';
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const accessKeyId = process.env.S3_ACCESS_KEY_ID;
const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY;
if (!accessKeyId || !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

const bucket = process.env.S3_BUCKET || 'huddle-media';
const server = new S3rver({ address: '0.0.0.0', port: Number(process.env.PORT || 9000), directory: '/data', silent: true, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => console.log(`s3rver on ${port}, bucket ${bucket}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close().then(() => process.exit(0)));
