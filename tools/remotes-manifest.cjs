// The remotes manifest the shell reads at start (GET /remotes.json): which URL serves each role
// remote's mf-manifest.json. It is deploy-time data taken from the environment of whoever serves
// the shell, never compiled into a bundle, so a remote moves or is redeployed without a shell build.
//
// `serverVariable` names where the shell's own server reaches the same manifest (for the first
// screen it renders: the manifest, the remote's stylesheets and server build), when that differs
// from the browser's URL: in containers the browser asks localhost:4201 and the shell asks
// remote-fan:4201. Unset, the server uses the browser's URL.
const REMOTES = {
  fan: { variable: 'HUDDLE_REMOTE_FAN_URL', serverVariable: 'HUDDLE_REMOTE_FAN_SERVER_URL', port: 4201 },
  athlete: { variable: 'HUDDLE_REMOTE_ATHLETE_URL', serverVariable: 'HUDDLE_REMOTE_ATHLETE_SERVER_URL', port: 4202 },
  business: { variable: 'HUDDLE_REMOTE_BUSINESS_URL', serverVariable: 'HUDDLE_REMOTE_BUSINESS_SERVER_URL', port: 4203 },
  admin: { variable: 'HUDDLE_REMOTE_ADMIN_URL', serverVariable: 'HUDDLE_REMOTE_ADMIN_SERVER_URL', port: 4204 },
};

/** `{ fan: url, athlete: url, business: url, admin: url }` from the given environment, as the browser reaches them. */
function remotesManifest(env) {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([name, { variable, port }]) => [
      name,
      env[variable] || `http://localhost:${port}/mf-manifest.json`,
    ]),
  );
}

/** The same manifests as the shell's server reaches them: `*_SERVER_URL`, else the browser's URL. */
function serverRemotesManifest(env) {
  const browser = remotesManifest(env);
  return Object.fromEntries(Object.entries(REMOTES).map(([name, { serverVariable }]) => [name, env[serverVariable] || browser[name]]));
}

module.exports = { remotesManifest, serverRemotesManifest, REMOTES };
