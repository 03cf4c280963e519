// The remotes manifest the shell reads at start (GET /remotes.json): which URL serves each role
// remote's mf-manifest.json. It is deploy-time data taken from the environment of whoever serves
// the shell, never compiled into a bundle, so a remote moves or is redeployed without a shell build.
const REMOTES = {
  fan: { variable: 'HUDDLE_REMOTE_FAN_URL', port: 4201 },
  athlete: { variable: 'HUDDLE_REMOTE_ATHLETE_URL', port: 4202 },
  business: { variable: 'HUDDLE_REMOTE_BUSINESS_URL', port: 4203 },
  admin: { variable: 'HUDDLE_REMOTE_ADMIN_URL', port: 4204 },
};

/** `{ fan: url, athlete: url, business: url, admin: url }` from the given environment. */
function remotesManifest(env) {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([name, { variable, port }]) => [
      name,
      env[variable] || `http://localhost:${port}/mf-manifest.json`,
    ]),
  );
}

module.exports = { remotesManifest, REMOTES };
