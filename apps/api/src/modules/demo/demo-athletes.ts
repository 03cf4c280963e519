import { ATHLETE_SERVICE_TYPES, SERVICE_RATE_LIMITS, SPORTS } from '@huddle/domain';
import type { AthleteServiceType } from '@huddle/domain';

/** mulberry32: a tiny seeded generator, so every empty database gets the very same demo. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** `count` distinct items in a random order. */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return chosen;
}

const MEN = ['Marcus', 'Tyler', 'Devin', 'Caleb', 'Isaiah', 'Ethan', 'Jalen', 'Noah', 'Mason', 'Andre', 'Luis', 'Cole', 'Darius', 'Owen', 'Mateo', 'Trey', 'Gavin', 'Elijah', 'Kai', 'Brandon', 'Xavier', 'Logan', 'Dominic', 'Ryan', 'Jaylen', 'Carter', 'Miles', 'Hunter', 'Diego', 'Quinn', 'Malik', 'Austin'];
const WOMEN = ['Aaliyah', 'Brooke', 'Sofia', 'Madison', 'Jasmine', 'Kayla', 'Emma', 'Olivia', 'Maya', 'Alyssa', 'Chloe', 'Gabriela', 'Hannah', 'Nia', 'Paige', 'Sydney', 'Taylor', 'Ava', 'Camila', 'Leah', 'Morgan', 'Riley', 'Zoe', 'Bianca', 'Jada', 'Kennedy', 'Lauren', 'Mia', 'Naomi', 'Savannah', 'Tessa', 'Valeria'];
const LAST_NAMES = ['Johnson', 'Williams', 'Brown', 'Davis', 'Garcia', 'Martinez', 'Robinson', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Reed', 'Cook', 'Bell', 'Murphy', 'Bailey', 'Rivera', 'Cooper', 'Richardson', 'Cox', 'Howard', 'Ward', 'Torres', 'Peterson', 'Gray', 'Ramirez', 'Brooks', 'Watson', 'Sanders', 'Price', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman', 'Jenkins', 'Perry', 'Powell', 'Long', 'Patterson', 'Hughes', 'Flores', 'Washington', 'Butler', 'Simmons', 'Foster'];

const MEN_SPORTS = ['Football', 'Basketball', 'Baseball', 'Soccer', 'Lacrosse', 'Tennis', 'Hockey', 'Wrestling', 'Track & Field', 'Swimming', 'Golf', 'Volleyball', 'Crew', 'Rugby', 'Water Polo', 'Cross Country', 'Fencing', 'E-Sports'];
const WOMEN_SPORTS = ['Basketball', 'Softball', 'Volleyball', 'Soccer', 'Lacrosse', 'Tennis', 'Gymnastics', 'Track & Field', 'Field Hockey', 'Swimming', 'Golf', 'Crew', 'Cheerleading', 'Dance', 'Bowling', 'Water Polo', 'Cross Country', 'Rifle', 'Squash', 'Pickleball'];

const YEARS = ['Freshman', 'Sophomore', 'Junior', 'Senior', 'Graduate'];
const HOOKS = [
  'I love running youth clinics and giving back to the community that raised me.',
  'Off the field I study business and film short workout videos for my followers.',
  'Team captain who believes every rep counts. Happy to hype up your next event.',
  'Two-time all-conference pick. Ask me about training plans and game-day routines.',
  'Mental game, nutrition and recovery are my thing: I will share what works for me.',
  'Proud first-generation student-athlete. I do shoutouts for birthdays and big wins.',
  'Coffee, film study and early practices. Let me speak at your school or club.',
  'I grew up playing every sport; now I coach summer camps back home.',
];

const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#1e3a8a', '#f97316'],
  ['#0f766e', '#a3e635'],
  ['#7c2d12', '#fbbf24'],
  ['#581c87', '#ec4899'],
  ['#0c4a6e', '#22d3ee'],
  ['#14532d', '#facc15'],
  ['#881337', '#fb7185'],
  ['#1f2937', '#60a5fa'],
  ['#9a3412', '#f472b6'],
  ['#312e81', '#34d399'],
];

export const REVIEW_COMMENTS: Readonly<Record<3 | 4 | 5, readonly string[]>> = {
  5: [
    'Absolutely amazing, my son will remember this forever!',
    'Super professional and so much fun. Highly recommend.',
    'Went above and beyond. Our whole team was thrilled.',
    'Fast, friendly and genuine. Would book again in a heartbeat.',
    'Perfect from start to finish, thank you!',
    'Our customers loved it. Great energy and right on brief.',
  ],
  4: [
    'Great experience, a little late to start but worth it.',
    'Really good session, learned a lot of new drills.',
    'Friendly and engaging. The kids had a blast.',
    'Solid delivery and easy to work with.',
  ],
  3: ['Good overall, though shorter than we hoped.', 'Nice effort; communication could have been quicker.'],
};

export const REQUEST_NAMES: Readonly<Record<AthleteServiceType, readonly string[]>> = {
  personal_appearance: ['Store opening', 'Charity gala', 'Youth league kickoff'],
  speaking_engagement: ['High school assembly', 'Team banquet speech', 'Career day talk'],
  training_session: ['Skills session', 'Off-season workout', 'Footwork clinic'],
  endorsement: ['Spring promo post', 'Product launch', 'Game day giveaway'],
  video_chat: ['Birthday call', 'Q&A with the team', 'Recruiting advice'],
  shoutout: ['Birthday shoutout', 'Good luck message', 'Graduation congrats'],
  camp: ['Summer camp', 'Holiday clinic', 'Weekend camp'],
};

export interface DemoAthleteSpec {
  firstName: string;
  lastName: string;
  gender: 1 | 2;
  sportIds: number[];
  description: string;
  colors: readonly [string, string];
  /** Enabled services and their rates in dollars. */
  services: Partial<Record<AthleteServiceType, number>>;
}

function sportId(name: string): number {
  const sport = SPORTS.find((candidate) => candidate.name === name);
  if (!sport) throw new Error(`Unknown demo sport ${name}`);
  return sport.id;
}

/** A rate on the service's price step, inside its limits (spec §9). */
function rateFor(random: Random, type: AthleteServiceType): number {
  const { min, step } = SERVICE_RATE_LIMITS[type];
  const ceiling = type === 'endorsement' ? 2500 : type === 'personal_appearance' ? 800 : 300;
  return min + step * Math.floor(random() * ((ceiling - min) / step + 1));
}

/** Services an athlete offers: 2 to 5 of them, endorsements for most (the campaign picker needs them). */
function servicesFor(random: Random): Partial<Record<AthleteServiceType, number>> {
  const others = ATHLETE_SERVICE_TYPES.filter((type) => type !== 'endorsement');
  const chosen: AthleteServiceType[] = sample(random, others, 2 + Math.floor(random() * 3));
  if (random() < 0.75) chosen.push('endorsement');
  return Object.fromEntries(chosen.map((type) => [type, rateFor(random, type)]));
}

/** The seeded athletes: names unique, alternating men and women, one or two sports each. */
export function demoAthleteSpecs(random: Random, count: number, schoolName: (index: number) => string): DemoAthleteSpec[] {
  const used = new Set<string>(['jordan miles']);
  const specs: DemoAthleteSpec[] = [];
  for (let index = 0; specs.length < count; index += 1) {
    const gender: 1 | 2 = index % 2 === 0 ? 1 : 2;
    const firstName = pick(random, gender === 1 ? MEN : WOMEN);
    const lastName = pick(random, LAST_NAMES);
    if (used.has(`${firstName} ${lastName}`.toLowerCase())) continue;
    used.add(`${firstName} ${lastName}`.toLowerCase());
    const sports = sample(random, gender === 1 ? MEN_SPORTS : WOMEN_SPORTS, random() < 0.3 ? 2 : 1);
    const description = `${pick(random, YEARS)} ${sports[0].toLowerCase()} athlete at ${schoolName(specs.length)}. ${pick(random, HOOKS)}`;
    specs.push({
      firstName,
      lastName,
      gender,
      sportIds: sports.map(sportId),
      description: description.slice(0, 230),
      colors: PALETTES[specs.length % PALETTES.length],
      services: servicesFor(random),
    });
  }
  return specs;
}
