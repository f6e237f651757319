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
  wtaPoints?: number;
  wins?: number;
  losses?: number;
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
    wtaPoints: 1240,
    wins: 38,
    losses: 12,
    dateOfBirth: '1997-06-14',
    profile: {
      bio: 'Point guard out of the west side of Atlanta. Four 1v1 titles, one goal: every cash bracket in the South.',
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
    wtaPoints: 35,
    wins: 2,
    losses: 3,
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
  wtaPoints: number,
  wins: number,
  losses: number,
  isVerified: boolean,
  tagline: string,
];

// Competitors without a login (no password): they fill leaderboards, brackets, rosters and search.
// prettier-ignore
const playerRows: Row[] = [
  ['dmoore', 'Darius', 'Moore', 'Atlanta', 'GA', 'basketball', 1580, 44, 9, true, 'Handles like a yo-yo.'],
  ['tnguyen', 'Tran', 'Nguyen', 'Houston', 'TX', 'basketball', 1395, 40, 14, true, 'Quiet until the fourth quarter.'],
  ['mreyes', 'Marisol', 'Reyes', 'Los Angeles', 'CA', 'basketball', 1310, 36, 11, true, 'Left hand only. Still cooking.'],
  ['kjohnson', 'Kendrick', 'Johnson', 'Brooklyn', 'NY', 'basketball', 1120, 33, 15, false, 'Park legend, league rookie.'],
  ['awashington', 'Aaliyah', 'Washington', 'Atlanta', 'GA', 'basketball', 990, 29, 14, false, 'Streaming every game live.'],
  ['jpark', 'Jun', 'Park', 'Seattle', 'WA', 'basketball', 870, 25, 16, false, 'Shooter. Creator. Part-time coach.'],
  ['ebanks', 'Elijah', 'Banks', 'Detroit', 'MI', 'basketball', 760, 22, 15, false, 'Motor City hustle.'],
  ['sokafor', 'Samuel', 'Okafor', 'Dallas', 'TX', 'basketball', 645, 19, 14, false, 'Rim protector first.'],
  ['bharris', 'Brianna', 'Harris', 'Memphis', 'TN', 'basketball', 530, 15, 12, false, 'Grit and grind, every possession.'],
  ['lcruz', 'Luis', 'Cruz', 'Phoenix', 'AZ', 'basketball', 410, 12, 11, false, 'Desert heat, cold shooter.'],
  ['cwilliams', 'Chris', 'Williams', 'Atlanta', 'GA', 'basketball', 300, 9, 10, false, 'Here to prove it.'],
  ['rthompson', 'Rashad', 'Thompson', 'Oakland', 'CA', 'football', 1210, 35, 10, true, 'QB1. Reads defenses for fun.'],
  ['mdavis', 'Maya', 'Davis', 'Miami', 'FL', 'football', 1040, 31, 12, true, 'Flag pulled before you blink.'],
  ['jalvarez', 'Javier', 'Alvarez', 'San Antonio', 'TX', 'football', 880, 26, 13, false, 'Route runner, film junkie.'],
  ['tgreen', 'Terrell', 'Green', 'Baltimore', 'MD', 'football', 720, 21, 14, false, 'Speed kills.'],
  ['nwright', 'Nia', 'Wright', 'Charlotte', 'NC', 'football', 590, 17, 13, false, 'Creator by day, corner by night.'],
  ['dkim', 'Daniel', 'Kim', 'Chicago', 'IL', 'football', 470, 14, 12, false, 'Hands like glue.'],
  ['omartin', 'Owen', 'Martin', 'Denver', 'CO', 'football', 350, 10, 11, false, 'Mile-high motor.'],
  ['ppatel', 'Priya', 'Patel', 'Atlanta', 'GA', 'football', 260, 8, 9, false, 'First season, no fear.'],
  ['gsullivan', 'Grace', 'Sullivan', 'Chicago', 'IL', 'kickball', 940, 27, 9, true, 'Slip, slide, score.'],
  ['hjackson', 'Hakeem', 'Jackson', 'New Orleans', 'LA', 'kickball', 780, 23, 12, false, 'Big foot, bigger smile.'],
  ['cramirez', 'Carmen', 'Ramirez', 'Houston', 'TX', 'kickball', 620, 18, 12, false, 'Backyard champion, now on tour.'],
  ['wscott', 'Will', 'Scott', 'Philadelphia', 'PA', 'kickball', 480, 14, 12, false, 'Kick it like it owes me money.'],
  ['ablake', 'Ava', 'Blake', 'Nashville', 'TN', 'kickball', 340, 10, 10, false, 'Here for the cash and the vibes.'],
  ['vmorris', 'Victor', 'Morris', 'Houston', 'TX', 'slap', 1090, 30, 7, true, 'Heavy hands, steady chin.'],
  ['ksimmons', 'Kareem', 'Simmons', 'Atlanta', 'GA', 'slap', 860, 24, 9, false, 'Slap to Sleep regular.'],
  ['dortiz', 'Diego', 'Ortiz', 'Las Vegas', 'NV', 'slap', 700, 19, 10, false, 'Never flinched once.'],
  ['bcollins', 'Bo', 'Collins', 'Birmingham', 'AL', 'slap', 520, 14, 10, false, 'Southern hospitality, northern slap.'],
  ['ijames', 'Isaiah', 'James', 'Cleveland', 'OH', 'slap', 380, 10, 9, false, 'Stream it, clip it, slap it.'],
  ['fadeyemi', 'Femi', 'Adeyemi', 'Houston', 'TX', 'soccer', 950, 26, 8, true, 'Five-a-side assassin.'],
  ['lrossi', 'Lucia', 'Rossi', 'Brooklyn', 'NY', 'soccer', 690, 19, 10, false, 'Nutmegs are my love language.'],
  ['mhassan', 'Mo', 'Hassan', 'Minneapolis', 'MN', 'soccer', 450, 12, 10, false, 'Goalkeeper who scores.'],
  ['sbennett', 'Sophie', 'Bennett', 'Austin', 'TX', 'pickleball', 820, 24, 8, false, 'Dink responsibly.'],
  ['rchen', 'Ryan', 'Chen', 'San Diego', 'CA', 'pickleball', 640, 18, 9, false, 'Kitchen line specialist.'],
  ['mfoster', 'Monica', 'Foster', 'Tampa', 'FL', 'pickleball', 510, 14, 9, false, 'Retired tennis pro, new addiction.'],
  ['xrivera', 'Xavier', 'Rivera', 'Bronx', 'NY', 'boxing', 1005, 22, 3, true, 'Southpaw. Sixteen knockouts.'],
  ['tlewis', 'Tasha', 'Lewis', 'Philadelphia', 'PA', 'boxing', 760, 17, 5, false, 'Jab first, ask questions later.'],
  ['cmorgan', 'Caleb', 'Morgan', 'Las Vegas', 'NV', 'boxing', 560, 12, 6, false, 'Fight night is my birthday.'],
  ['djordan', 'Dre', 'Jordan', 'Los Angeles', 'CA', 'slamball', 830, 23, 9, false, 'Trampoline dunks only.'],
  ['zwalker', 'Zion', 'Walker', 'Atlanta', 'GA', 'slamball', 610, 17, 10, false, 'Gravity is optional.'],
  ['oedwards', 'Olivia', 'Edwards', 'Orlando', 'FL', 'basketball', 220, 6, 8, false, 'Creator, hooper, underdog.'],
];

// Older players first so a score looks earned; ages are all adults so no guardian fields are needed.
export const players: PersonSeed[] = playerRows.map(
  ([key, firstName, lastName, city, state, sport, wtaPoints, wins, losses, isVerified, tagline], i) => ({
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
    wtaPoints,
    wins,
    losses,
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
  wins: number;
  losses: number;
  tournamentsPlayed: number;
  championshipWins: number;
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
    wins: 24,
    losses: 8,
    tournamentsPlayed: 9,
    championshipWins: 3,
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
    wins: 18,
    losses: 10,
    tournamentsPlayed: 7,
    championshipWins: 2,
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
    wins: 12,
    losses: 9,
    tournamentsPlayed: 5,
    championshipWins: 1,
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
    wins: 9,
    losses: 4,
    tournamentsPlayed: 4,
    championshipWins: 1,
    roster: ['vmorris', 'dortiz', 'bcollins'],
    captain: 'vmorris',
    createdDaysAgo: 190,
  },
];
