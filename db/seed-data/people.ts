import type { Role } from '../schema/users.ts';

/** One seeded member. `key` is the handle the other seed files use to refer to them. */
export interface PersonSeed {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  tagline: string;
  city: string;
  state: string;
  sport: string;
  isVerified?: boolean;
  dateOfBirth?: string;
  /** The public profile's details (001 s3); highlight links follow D29 (https YouTube, Twitch or Vimeo). */
  profile?: {
    bio?: string;
    height?: string;
    weight?: number;
    divisions?: string[];
    bestDivision?: string;
    highlightUrls?: string[];
  };
  /** Members and teams (by name) this person follows (D31). */
  follows?: { players?: string[]; teams?: string[] };
  /** Joined this many days before the seed's `now`. */
  joinedDaysAgo: number;
}

/** The D18 demo accounts: password `wta-demo-2025`, local runs only. */
export const demoAccounts: PersonSeed[] = [
  {
    key: 'superadmin',
    email: 'superadmin@wta.local',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'super_admin',
    tagline: 'Commissioner of the WTA. Cash, not trophies.',
    city: 'Atlanta',
    state: 'GA',
    sport: 'basketball',
    dateOfBirth: '1984-02-09',
    joinedDaysAgo: 400,
  },
  {
    key: 'admin',
    email: 'admin@wta.local',
    firstName: 'Marcus',
    lastName: 'Bell',
    role: 'admin',
    tagline: 'League operations: brackets, refs and payouts.',
    city: 'Atlanta',
    state: 'GA',
    sport: 'football',
    dateOfBirth: '1988-11-21',
    joinedDaysAgo: 380,
  },
  {
    key: 'foreignAdmin',
    email: 'admin@other-league.example',
    firstName: 'Riley',
    lastName: 'Foster',
    role: 'admin',
    tagline: 'Runs a different league. Just visiting.',
    city: 'Denver',
    state: 'CO',
    sport: 'soccer',
    dateOfBirth: '1990-05-03',
    joinedDaysAgo: 90,
  },
  {
    key: 'verified',
    email: 'verified@wta.local',
    firstName: 'Jasmine',
    lastName: 'Carter',
    role: 'player',
    tagline: 'Buckets on buckets. Verified and hungry.',
    city: 'Atlanta',
    state: 'GA',
    sport: 'basketball',
    isVerified: true,
    dateOfBirth: '1997-06-14',
    profile: {
      bio: 'Point guard out of the west side of Atlanta and captain of Atlanta Heat Check. One goal: every cash bracket in the South.',
      height: `5'9"`,
      weight: 148,
      divisions: ['1v1 Basketball', 'Slap Division'],
      bestDivision: '1v1 Basketball',
      highlightUrls: ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://vimeo.com/76979871'],
    },
    joinedDaysAgo: 300,
  },
  {
    key: 'player',
    email: 'player@wta.local',
    firstName: 'Tyler',
    lastName: 'Brooks',
    role: 'player',
    tagline: 'Underdog with a chip on my shoulder.',
    city: 'Charlotte',
    state: 'NC',
    sport: 'football',
    dateOfBirth: '2000-09-02',
    joinedDaysAgo: 45,
  },
  {
    key: 'owner',
    email: 'owner@wta.local',
    firstName: 'Andre',
    lastName: 'Mitchell',
    role: 'owner',
    tagline: 'Building a dynasty one signing at a time.',
    city: 'Atlanta',
    state: 'GA',
    sport: 'basketball',
    dateOfBirth: '1986-03-30',
    joinedDaysAgo: 260,
  },
  {
    key: 'fan',
    email: 'fan@wta.local',
    firstName: 'Keisha',
    lastName: 'Lawson',
    role: 'fan',
    tagline: 'Front row at every final.',
    city: 'Chicago',
    state: 'IL',
    sport: 'basketball',
    follows: { players: ['verified'], teams: ['Atlanta Heat Check'] },
    joinedDaysAgo: 120,
  },
];

type Row = [
  key: string,
  firstName: string,
  lastName: string,
  city: string,
  state: string,
  sport: string,
  isVerified: boolean,
  tagline: string,
];

// Competitors without a login (no password): they fill brackets, rosters, search and (once they play) leaderboards.
// prettier-ignore
const playerRows: Row[] = [
  ['dmoore', 'Darius', 'Moore', 'Atlanta', 'GA', 'basketball', true, 'Handles like a yo-yo.'],
  ['tnguyen', 'Tran', 'Nguyen', 'Houston', 'TX', 'basketball', true, 'Quiet until the fourth quarter.'],
  ['mreyes', 'Marisol', 'Reyes', 'Los Angeles', 'CA', 'basketball', true, 'Left hand only. Still cooking.'],
  ['kjohnson', 'Kendrick', 'Johnson', 'Brooklyn', 'NY', 'basketball', false, 'Park legend, league rookie.'],
  ['awashington', 'Aaliyah', 'Washington', 'Atlanta', 'GA', 'basketball', false, 'Streaming every game live.'],
  ['jpark', 'Jun', 'Park', 'Seattle', 'WA', 'basketball', false, 'Shooter. Creator. Part-time coach.'],
  ['ebanks', 'Elijah', 'Banks', 'Detroit', 'MI', 'basketball', false, 'Motor City hustle.'],
  ['sokafor', 'Samuel', 'Okafor', 'Dallas', 'TX', 'basketball', false, 'Rim protector first.'],
  ['bharris', 'Brianna', 'Harris', 'Memphis', 'TN', 'basketball', false, 'Grit and grind, every possession.'],
  ['lcruz', 'Luis', 'Cruz', 'Phoenix', 'AZ', 'basketball', false, 'Desert heat, cold shooter.'],
  ['cwilliams', 'Chris', 'Williams', 'Atlanta', 'GA', 'basketball', false, 'Here to prove it.'],
  ['rthompson', 'Rashad', 'Thompson', 'Oakland', 'CA', 'football', true, 'QB1. Reads defenses for fun.'],
  ['mdavis', 'Maya', 'Davis', 'Miami', 'FL', 'football', true, 'Flag pulled before you blink.'],
  ['jalvarez', 'Javier', 'Alvarez', 'San Antonio', 'TX', 'football', false, 'Route runner, film junkie.'],
  ['tgreen', 'Terrell', 'Green', 'Baltimore', 'MD', 'football', false, 'Speed kills.'],
  ['nwright', 'Nia', 'Wright', 'Charlotte', 'NC', 'football', false, 'Creator by day, corner by night.'],
  ['dkim', 'Daniel', 'Kim', 'Chicago', 'IL', 'football', false, 'Hands like glue.'],
  ['omartin', 'Owen', 'Martin', 'Denver', 'CO', 'football', false, 'Mile-high motor.'],
  ['ppatel', 'Priya', 'Patel', 'Atlanta', 'GA', 'football', false, 'First season, no fear.'],
  ['gsullivan', 'Grace', 'Sullivan', 'Chicago', 'IL', 'kickball', true, 'Slip, slide, score.'],
  ['hjackson', 'Hakeem', 'Jackson', 'New Orleans', 'LA', 'kickball', false, 'Big foot, bigger smile.'],
  ['cramirez', 'Carmen', 'Ramirez', 'Houston', 'TX', 'kickball', false, 'Backyard champion, now on tour.'],
  ['wscott', 'Will', 'Scott', 'Philadelphia', 'PA', 'kickball', false, 'Kick it like it owes me money.'],
  ['ablake', 'Ava', 'Blake', 'Nashville', 'TN', 'kickball', false, 'Here for the cash and the vibes.'],
  ['vmorris', 'Victor', 'Morris', 'Houston', 'TX', 'slap', true, 'Heavy hands, steady chin.'],
  ['ksimmons', 'Kareem', 'Simmons', 'Atlanta', 'GA', 'slap', false, 'Slap to Sleep regular.'],
  ['dortiz', 'Diego', 'Ortiz', 'Las Vegas', 'NV', 'slap', false, 'Never flinched once.'],
  ['bcollins', 'Bo', 'Collins', 'Birmingham', 'AL', 'slap', false, 'Southern hospitality, northern slap.'],
  ['ijames', 'Isaiah', 'James', 'Cleveland', 'OH', 'slap', false, 'Stream it, clip it, slap it.'],
  ['fadeyemi', 'Femi', 'Adeyemi', 'Houston', 'TX', 'soccer', true, 'Five-a-side assassin.'],
  ['lrossi', 'Lucia', 'Rossi', 'Brooklyn', 'NY', 'soccer', false, 'Nutmegs are my love language.'],
  ['mhassan', 'Mo', 'Hassan', 'Minneapolis', 'MN', 'soccer', false, 'Goalkeeper who scores.'],
  ['sbennett', 'Sophie', 'Bennett', 'Austin', 'TX', 'pickleball', false, 'Dink responsibly.'],
  ['rchen', 'Ryan', 'Chen', 'San Diego', 'CA', 'pickleball', false, 'Kitchen line specialist.'],
  ['mfoster', 'Monica', 'Foster', 'Tampa', 'FL', 'pickleball', false, 'Retired tennis pro, new addiction.'],
  ['xrivera', 'Xavier', 'Rivera', 'Bronx', 'NY', 'boxing', true, 'Southpaw. Sixteen knockouts.'],
  ['tlewis', 'Tasha', 'Lewis', 'Philadelphia', 'PA', 'boxing', false, 'Jab first, ask questions later.'],
  ['cmorgan', 'Caleb', 'Morgan', 'Las Vegas', 'NV', 'boxing', false, 'Fight night is my birthday.'],
  ['djordan', 'Dre', 'Jordan', 'Los Angeles', 'CA', 'slamball', false, 'Trampoline dunks only.'],
  ['zwalker', 'Zion', 'Walker', 'Atlanta', 'GA', 'slamball', false, 'Gravity is optional.'],
  ['oedwards', 'Olivia', 'Edwards', 'Orlando', 'FL', 'basketball', false, 'Creator, hooper, underdog.'],
];

// Longest-standing members first; ages are all adults so no guardian fields are needed. Nobody starts with points or a
// record: every figure comes from the demo league's tournaments, played through the engine (ADR 005).
export const players: PersonSeed[] = playerRows.map(
  ([key, firstName, lastName, city, state, sport, isVerified, tagline], i) => ({
    key,
    email: `${firstName}.${lastName}`.toLowerCase() + '@players.example',
    firstName,
    lastName,
    role: 'player',
    tagline,
    city,
    state,
    sport,
    isVerified,
    dateOfBirth: `${1989 + (i % 14)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    joinedDaysAgo: 360 - i * 7,
  }),
);

export const owners: PersonSeed[] = [
  {
    key: 'ohughes',
    email: 'lamar.hughes@owners.example',
    firstName: 'Lamar',
    lastName: 'Hughes',
    role: 'owner',
    tagline: 'Bay Area football, Bay Area pride.',
    city: 'Oakland',
    state: 'CA',
    sport: 'football',
    isVerified: true,
    joinedDaysAgo: 330,
  },
  {
    key: 'okelly',
    email: 'erin.kelly@owners.example',
    firstName: 'Erin',
    lastName: 'Kelly',
    role: 'owner',
    tagline: 'Kickball is a lifestyle.',
    city: 'Chicago',
    state: 'IL',
    sport: 'kickball',
    joinedDaysAgo: 240,
  },
  {
    key: 'obrown',
    email: 'terrence.brown@owners.example',
    firstName: 'Terrence',
    lastName: 'Brown',
    role: 'owner',
    tagline: 'We slap, we win, we repeat.',
    city: 'Houston',
    state: 'TX',
    sport: 'slap',
    joinedDaysAgo: 200,
  },
];

export const fans: PersonSeed[] = [
  ['tperry', 'Tiana', 'Perry', 'Atlanta', 'GA'],
  ['gholmes', 'Greg', 'Holmes', 'Dallas', 'TX'],
  ['nflores', 'Nadia', 'Flores', 'Miami', 'FL'],
  ['jmurphy', 'Jake', 'Murphy', 'Boston', 'MA'],
].map(([key, firstName, lastName, city, state], i) => ({
  key: key!,
  email: `${firstName}.${lastName}`.toLowerCase() + '@fans.example',
  firstName: firstName!,
  lastName: lastName!,
  role: 'fan' as const,
  tagline: ['Loudest voice in the stands.', 'Here for the upsets.', 'MVP votes are my cardio.', 'Donated my dollar.'][
    i
  ]!,
  city: city!,
  state: state!,
  sport: ['basketball', 'football', 'soccer', 'kickball'][i]!,
  joinedDaysAgo: 150 - i * 20,
}));

/** Teams and their rosters; `coach`/`captain` must be roster members. */
export interface TeamSeed {
  owner: string;
  name: string;
  tagline: string;
  motto: string;
  sport: string;
  city: string;
  roster: string[];
  captain?: string;
  coach?: string;
  createdDaysAgo: number;
}

export const teams: TeamSeed[] = [
  {
    owner: 'owner',
    name: 'Atlanta Heat Check',
    tagline: 'Shoot first, celebrate later.',
    motto: 'Every possession is a payday.',
    sport: 'basketball',
    city: 'Atlanta',
    roster: ['verified', 'dmoore', 'awashington', 'cwilliams', 'zwalker'],
    captain: 'verified',
    coach: 'dmoore',
    createdDaysAgo: 250,
  },
  {
    owner: 'ohughes',
    name: 'Bay Area Blitz',
    tagline: 'Pull the flag, take the cash.',
    motto: 'Fast feet, faster payouts.',
    sport: 'football',
    city: 'Oakland',
    roster: ['rthompson', 'jalvarez', 'tgreen', 'dkim'],
    captain: 'rthompson',
    createdDaysAgo: 320,
  },
  {
    owner: 'okelly',
    name: 'Chicago Kick Kings',
    tagline: 'Slip, slide, repeat.',
    motto: 'Wet field, dry eyes.',
    sport: 'kickball',
    city: 'Chicago',
    roster: ['gsullivan', 'hjackson', 'wscott'],
    captain: 'gsullivan',
    createdDaysAgo: 230,
  },
  {
    owner: 'obrown',
    name: 'Houston Slap House',
    tagline: 'Open hand, closed case.',
    motto: 'Stand tall, hit back.',
    sport: 'slap',
    city: 'Houston',
    roster: ['vmorris', 'dortiz', 'bcollins'],
    captain: 'vmorris',
    createdDaysAgo: 190,
  },
];
