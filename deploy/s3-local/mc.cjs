#!/usr/bin/env node
// Stands in for MinIO's `mc` in the local compose run, so compose.yaml's own commands run
// unchanged against s3rver: `mc ready local` (minio's health check) probes the server here;
// `mc alias set NAME URL ...` notes the URL; `mc mb --ignore-existing NAME/BUCKET` (the
// minio-bucket job) waits until the store answers: s3rver made the bucket when it started.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');

const aliases = '/tmp/mc-aliases.json';
const [command, ...args] = process.argv.slice(2);
const reachable = (url) => fetch(url, { signal: AbortSignal.timeout(3000) }).then(() => true, () => false);

async function main() {
  if (command === 'ready') return reachable('http://127.0.0.1:9000/');
  if (command === 'alias' && args[0] === 'set') {
    writeFileSync(aliases, JSON.stringify({ [args[1]]: args[2] }));
    return true;
  }
  if (command === 'mb') {
    const [alias, bucket] = args.filter((arg) => !arg.startsWith('--'))[0].split('/');
    const url = JSON.parse(readFileSync(aliases, 'utf8'))[alias];
    for (let attempt = 0; attempt < 60; attempt += 1) {
      if (await reachable(`${url}/`)) {
        console.log(`Bucket ${bucket}: made by the store at its start (s3rver)`);
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return false;
  }
  console.error(`mc (local stand-in): ${command} is not supported`);
  return false;
}

main().then((ok) => process.exit(ok ? 0 : 1));
