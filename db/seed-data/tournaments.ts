import type { Division, TournamentStatus } from '../schema/tournaments.ts';
import type { sponsorTiers } from '../schema/sponsors.ts';

export interface SponsorSeed {
  tier: (typeof sponsorTiers)[number];
  companyName: string;
  website: string;
  description: string;
}

/**
 * The demo league's flyer for a division: one image per division, made once by scripts/make-flyers.ts and shipped
 * in public/media/flyers/ (served with the app, cached by the service worker once seen, never precached).
 */
export function flyerOf(division: Division): string {
  return `/media/flyers/${division}.webp`;
}

/**
 * One seeded tournament. Every time is relative to the seed's `now` (rounded down to the hour), so a fresh
 * database always has an early window, a live event and upcoming countdowns.
 */
export interface TournamentSeed {
  key: string;
  title: string;
  description: string;
  division: Division;
  location: string;
  status: TournamentStatus;
  start: TournamentStart;
  /** Length of the event day; completed and live tournaments get an endDate. */
  durationHours: number;
  buyIn: number;
  prizePool: number;
  maxPlayers: number;
  format: string;
  /** Created this many days before now (the screens show it as "registration opens"). */
  createdDaysAgo: number;
  host?: string;
  /** Registered players (person keys), in registration order. For completed ones the first four placed 1-4. */
  entrants: string[];
  /**
   * A team tournament (D22, D38): at most `maxTeams` teams of at least `teamSize` players; `teams` are the entered
   * teams' names in registration order (for completed ones, their finishing order), each entered by its owner.
   */
  team?: { maxTeams: number; teamSize: number; teams: string[] };
  rejectionReason?: string;
  sponsors?: SponsorSeed[];
  /** D39: entrants check in before the start; `checkedIn` are those (person keys or team names) who already have. */
  checkIn?: { checkedIn: string[] };
}

/**
 * Near events start a number of whole hours from now (floored to the hour); the rest on a day relative to
 * today (UTC) at a fixed UTC hour (15 = 10 AM US Eastern in winter).
 */
export type TournamentStart = { inHours: number } | { inDays: number; atUtcHour: number };

const peachtree: SponsorSeed = {
  tier: 'title',
  companyName: 'Peachtree Hydration Co.',
  website: 'https://peachtree-hydration.example',
  description: 'Atlanta-made electrolyte drinks. Official hydration partner of the WTA hoop division.',
};
const courtsideKicks: SponsorSeed = {
  tier: 'gold',
  companyName: 'Courtside Kicks',
  website: 'https://courtside-kicks.example',
  description: 'Sneaker boutique and restoration shop. Every champion walks out in a fresh pair.',
};

export const tournaments: TournamentSeed[] = [
  // Upcoming: listed, open for registration, with countdowns.
  {
    key: 'hoop-classic',
    title: 'Hoop Kings 1v1 Classic',
    description:
      'Sixteen of the best one-on-one hoopers in the South, one day, one winner. Games to 11 by ones and twos, ' +
      'make-it-take-it, win by two. Bring your handle, leave with the bag.',
    division: 'hoop',
    location: 'Ponce City Courts, Atlanta, GA',
    status: 'upcoming',
    start: { inDays: 5, atUtcHour: 17 },
    durationHours: 8,
    buyIn: 50,
    prizePool: 640,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 20,
    host: 'admin',
    entrants: ['verified', 'dmoore', 'tnguyen', 'mreyes', 'kjohnson', 'awashington', 'jpark', 'ebanks', 'sokafor'],
    sponsors: [
      peachtree,
      courtsideKicks,
      {
        tier: 'silver',
        companyName: 'Midtown Sports Physio',
        website: 'https://midtown-sports-physio.example',
        description: 'Sports physical therapy on site all day: taping, stretching and recovery.',
      },
      {
        tier: 'bronze',
        companyName: 'Buckhead Barber Lounge',
        website: 'https://buckhead-barber.example',
        description: 'Fresh cuts for the finalists before the cameras roll.',
      },
    ],
  },
  {
    key: 'flag-friday',
    title: 'Friday Night Lights Flag Showdown',
    description:
      'Flag football under the lights. 5v5, no contact, 20-minute halves with a running clock. ' +
      'Individual entrants are drafted into squads on the morning of the event.',
    division: 'flag-football',
    location: 'Tropical Park Field 3, Miami, FL',
    status: 'upcoming',
    start: { inDays: 9, atUtcHour: 23 },
    durationHours: 7,
    buyIn: 25,
    prizePool: 500,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 14,
    entrants: ['rthompson', 'mdavis', 'jalvarez', 'tgreen', 'nwright', 'dkim'],
  },
  {
    key: 'kickball-bash',
    title: 'Slip & Slide Kickball Bash',
    description:
      'The wettest cash tournament in the league. Bases are slip-and-slides, the pitcher rolls from 30 feet, ' +
      'and every home run pays a bonus. Free to enter thanks to our sponsors.',
    division: 'kickball',
    location: 'Montrose Beach Lawn, Chicago, IL',
    status: 'upcoming',
    start: { inDays: 14, atUtcHour: 15 },
    durationHours: 6,
    buyIn: 0,
    prizePool: 1000,
    maxPlayers: 32,
    format: 'single-elimination',
    createdDaysAgo: 25,
    entrants: ['gsullivan', 'hjackson', 'cramirez', 'wscott', 'ablake', 'kjohnson', 'cwilliams', 'nwright'],
    sponsors: [
      {
        tier: 'gold',
        companyName: 'Lakefront Sunscreen',
        website: 'https://lakefront-sunscreen.example',
        description: 'Reef-safe SPF 50 for everyone sliding into third.',
      },
      {
        tier: 'bronze',
        companyName: 'Deep Dish Depot',
        website: 'https://deep-dish-depot.example',
        description: 'Pizza for every team after the final whistle.',
      },
    ],
  },
  {
    key: 'boxing-fight-night',
    title: 'Fight Night: Bronx Bombers',
    description:
      'Eight fighters, three rounds each, sanctioned referees and ringside doctors. ' +
      'Headgear required through the semifinals; the final is fought without.',
    division: 'boxing',
    location: 'Kingsbridge Armory, Bronx, NY',
    status: 'upcoming',
    start: { inDays: 18, atUtcHour: 23 },
    durationHours: 6,
    buyIn: 100,
    prizePool: 640,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 10,
    entrants: ['xrivera', 'tlewis', 'cmorgan'],
  },
  {
    key: 'slap-championship',
    title: 'Slap to Sleep Championship',
    description:
      'The open-hand championship. Alternating strikes, judges score each round, knockouts end it. ' +
      'Medical check-in is mandatory 30 minutes before the first bout.',
    division: 'slap',
    location: 'Warehouse 9 Event Hall, Houston, TX',
    status: 'upcoming',
    start: { inDays: 21, atUtcHour: 22 },
    durationHours: 5,
    buyIn: 100,
    prizePool: 640,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 18,
    entrants: ['vmorris', 'ksimmons', 'dortiz', 'bcollins', 'ijames'],
    sponsors: [
      {
        tier: 'title',
        companyName: 'Iron Palm Grip Co.',
        website: 'https://iron-palm.example',
        description: 'Grip trainers and recovery gear for people who hit for a living.',
      },
      {
        tier: 'silver',
        companyName: 'H-Town Ice Baths',
        website: 'https://htown-ice-baths.example',
        description: 'Cold plunge recovery for every fighter, winner or not.',
      },
    ],
  },
  {
    key: 'pickleball-rumble',
    title: 'Pickleball Paddle Rumble',
    description:
      'Singles pickleball round robin: everyone plays everyone, games to 11 with rally scoring. ' +
      'Paddles must be on the USA Pickleball approved list.',
    division: 'pickleball',
    location: 'Mueller Pickleball Center, Austin, TX',
    status: 'upcoming',
    start: { inDays: 30, atUtcHour: 16 },
    durationHours: 8,
    buyIn: 25,
    prizePool: 640,
    maxPlayers: 32,
    format: 'round-robin',
    createdDaysAgo: 7,
    entrants: ['sbennett', 'rchen', 'mfoster', 'bharris'],
  },

  // Inside the 24-hour early window: only verified members may still register (D9).
  {
    key: 'soccer-street-cup',
    title: 'Five-a-Side Street Cup',
    description:
      'Small-sided street soccer on a caged pitch. Seven-minute games, no goalkeepers in the group stage, ' +
      'sudden-death penalties in the knockouts.',
    division: 'soccer',
    location: 'Pier 5 Soccer Fields, Brooklyn, NY',
    status: 'upcoming',
    start: { inHours: 12 },
    durationHours: 7,
    buyIn: 25,
    prizePool: 400,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 21,
    entrants: ['fadeyemi', 'lrossi', 'mhassan', 'rthompson', 'mdavis', 'verified', 'xrivera'],
    sponsors: [
      {
        tier: 'title',
        companyName: 'Five Borough Energy',
        website: 'https://five-borough-energy.example',
        description: 'Plant-based energy drinks brewed in Brooklyn.',
      },
      {
        tier: 'silver',
        companyName: 'Pier Side Tacos',
        website: 'https://pier-side-tacos.example',
        description: 'Feeding players and fans from the food truck by the gate.',
      },
    ],
  },

  // Live: bracket, MVP voting and players list.
  {
    key: 'slamball-smash',
    title: 'SlamBall Summer Smash',
    description:
      'Full-contact basketball on trampolines. Four-minute quarters, dunks count three, ' +
      'and the crowd votes the MVP live.',
    division: 'slamball',
    location: 'Westside Trampoline Arena, Atlanta, GA',
    status: 'live',
    start: { inHours: -2 },
    durationHours: 6,
    buyIn: 50,
    prizePool: 320,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 30,
    entrants: ['djordan', 'zwalker', 'dmoore', 'kjohnson', 'ebanks', 'sokafor', 'lcruz', 'tnguyen'],
    sponsors: [
      {
        tier: 'gold',
        companyName: 'Bounce Labs',
        website: 'https://bounce-labs.example',
        description: 'Competition-grade trampolines and the springs under every SlamBall court.',
      },
      {
        tier: 'bronze',
        companyName: 'Westside Wings',
        website: 'https://westside-wings.example',
        description: 'Lemon pepper wet for the whole arena.',
      },
    ],
  },

  // Completed: the archive, final standings and leaderboards.
  {
    key: 'hoop-opener',
    title: 'Hoop Kings Spring Opener',
    description: 'The season opener of the hoop division. Twelve hoopers, one court, and a final that went to 15-13.',
    division: 'hoop',
    location: 'Ponce City Courts, Atlanta, GA',
    status: 'completed',
    start: { inDays: -30, atUtcHour: 15 },
    durationHours: 8,
    buyIn: 50,
    prizePool: 640,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 60,
    host: 'admin',
    entrants: [
      'dmoore',
      'verified',
      'tnguyen',
      'mreyes',
      'kjohnson',
      'awashington',
      'jpark',
      'ebanks',
      'sokafor',
      'bharris',
      'lcruz',
      'cwilliams',
    ],
    sponsors: [
      peachtree,
      courtsideKicks,
      {
        tier: 'silver',
        companyName: 'ATL Print Shop',
        website: 'https://atl-print-shop.example',
        description: 'Custom jerseys and the flyers you saw all over town.',
      },
      {
        tier: 'bronze',
        companyName: 'Sweet Auburn Smoothies',
        website: 'https://sweet-auburn-smoothies.example',
        description: 'Post-game smoothies for every entrant.',
      },
    ],
  },
  {
    key: 'flag-invitational',
    title: 'Gridiron Flag Football Invitational',
    description: 'Bay Area flag football invitational. Rashad Thompson threw four touchdowns in the final.',
    division: 'flag-football',
    location: 'Lake Merritt Fields, Oakland, CA',
    status: 'completed',
    start: { inDays: -45, atUtcHour: 15 },
    durationHours: 7,
    buyIn: 25,
    prizePool: 320,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 75,
    host: 'ohughes',
    entrants: ['rthompson', 'mdavis', 'jalvarez', 'tgreen', 'nwright', 'dkim', 'omartin', 'ppatel'],
  },
  {
    key: 'boxing-downtown',
    title: 'Downtown Brawl Fight Night',
    description: 'Eight fighters, three knockouts, one undisputed champion of the Philadelphia card.',
    division: 'boxing',
    location: 'Philadelphia Athletic Club, Philadelphia, PA',
    status: 'completed',
    start: { inDays: -20, atUtcHour: 15 },
    durationHours: 6,
    buyIn: 100,
    prizePool: 640,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 50,
    entrants: ['xrivera', 'tlewis', 'cmorgan', 'vmorris', 'ksimmons', 'dortiz'],
  },
  {
    key: 'soccer-cup',
    title: 'Bayou City Five-a-Side Cup',
    description: 'Houston heat, fast feet. The final was settled on sudden-death penalties.',
    division: 'soccer',
    location: 'Memorial Park Fields, Houston, TX',
    status: 'completed',
    start: { inDays: -60, atUtcHour: 15 },
    durationHours: 7,
    buyIn: 25,
    prizePool: 320,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 90,
    entrants: ['fadeyemi', 'lrossi', 'rthompson', 'mhassan', 'mdavis', 'cramirez', 'jalvarez', 'tnguyen'],
  },
  {
    key: 'pickleball-open',
    title: 'Sunshine Pickleball Open',
    description: 'Singles pickleball on the Gulf Coast. Sophie Bennett did not drop a game until the final.',
    division: 'pickleball',
    location: 'Tampa Pickleball Club, Tampa, FL',
    status: 'completed',
    start: { inDays: -12, atUtcHour: 15 },
    durationHours: 8,
    buyIn: 25,
    prizePool: 160,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 40,
    entrants: ['sbennett', 'mfoster', 'rchen', 'bharris', 'oedwards', 'ablake'],
  },
  {
    key: 'kickball-classic',
    title: 'Windy City Kickball Classic',
    description: 'Free-entry kickball on the lakefront, paid for by our sponsors. Grace Sullivan kicked the walk-off.',
    division: 'kickball',
    location: 'Grant Park Fields, Chicago, IL',
    status: 'completed',
    start: { inDays: -75, atUtcHour: 15 },
    durationHours: 6,
    buyIn: 0,
    prizePool: 500,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 100,
    host: 'okelly',
    entrants: ['gsullivan', 'hjackson', 'cramirez', 'wscott', 'ablake', 'dkim', 'omartin', 'ppatel'],
  },
  {
    key: 'slap-opener',
    title: 'Slap to Sleep: Season Opener',
    description: 'The first open-hand card of the season. Victor Morris won every round on the judges’ cards.',
    division: 'slap',
    location: 'Warehouse 9 Event Hall, Houston, TX',
    status: 'completed',
    start: { inDays: -90, atUtcHour: 15 },
    durationHours: 5,
    buyIn: 50,
    prizePool: 320,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 120,
    entrants: ['vmorris', 'ksimmons', 'dortiz', 'bcollins', 'ijames', 'cmorgan'],
  },
  {
    key: 'slamball-showcase',
    title: 'SlamBall Showcase',
    description: 'The league’s first SlamBall event. Dre Jordan’s 360 off the tramp is still on every highlight reel.',
    division: 'slamball',
    location: 'Westside Trampoline Arena, Atlanta, GA',
    status: 'completed',
    start: { inDays: -50, atUtcHour: 15 },
    durationHours: 6,
    buyIn: 50,
    prizePool: 320,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 80,
    entrants: ['djordan', 'zwalker', 'dmoore', 'sokafor', 'kjohnson', 'lcruz'],
  },

  // Team tournaments (D22): owners enter their teams; every rostered player scores.
  {
    key: 'kickball-team-classic',
    title: 'Slip & Slide Team Kickball Classic',
    description:
      'Team owners bring their squads: 3v3 slip-and-slide kickball, three innings a game, every player on the ' +
      'roster earns ranking points. One buy-in per team; the champion team’s owner takes the top prize.',
    division: 'kickball',
    location: 'Montrose Harbor Fields, Chicago, IL',
    status: 'upcoming',
    start: { inDays: 12, atUtcHour: 16 },
    durationHours: 7,
    buyIn: 60,
    prizePool: 384,
    maxPlayers: 24,
    format: 'single-elimination',
    createdDaysAgo: 10,
    entrants: [],
    team: { maxTeams: 8, teamSize: 3, teams: ['Bay Area Blitz', 'Chicago Kick Kings'] },
  },
  {
    key: 'owners-cup',
    title: 'WTA Owners Cup 3v3',
    description:
      'The first team event of the league: four owners, four squads, half-court 3v3 to 15. Atlanta Heat Check ' +
      'ran the table; every rostered player went home with ranking points.',
    division: 'hoop',
    location: 'Ponce City Courts, Atlanta, GA',
    status: 'completed',
    start: { inDays: -20, atUtcHour: 16 },
    durationHours: 6,
    buyIn: 40,
    prizePool: 400,
    maxPlayers: 12,
    format: 'single-elimination',
    createdDaysAgo: 45,
    host: 'admin',
    entrants: [],
    team: {
      maxTeams: 4,
      teamSize: 3,
      teams: ['Atlanta Heat Check', 'Bay Area Blitz', 'Chicago Kick Kings', 'Houston Slap House'],
    },
  },

  // D39: in their check-in window whenever the league is seeded (2 hours to 30 minutes before the start). verified@
  // has checked in to the solo one; owner@'s team, captained by verified@, has not (the dashboard offers Check In).
  {
    key: 'checkin-lunch-run',
    title: 'Hoop Kings Lunchtime Run',
    description:
      'A quick 1v1 bracket over the lunch hour, games to 11. Check in on your phone before the doors close: ' +
      'anyone not checked in 30 minutes before tip-off gives up their spot.',
    division: 'hoop',
    location: 'Ponce City Courts, Atlanta, GA',
    status: 'upcoming',
    start: { inHours: 2 },
    durationHours: 3,
    buyIn: 0,
    prizePool: 200,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 6,
    entrants: ['verified', 'mdavis', 'xrivera', 'lrossi'],
    checkIn: { checkedIn: ['verified', 'mdavis'] },
  },
  {
    key: 'checkin-team-night',
    title: 'Tip-Off 3v3 Night',
    description:
      'Half-court 3v3 to 15 for owners and their squads. Owners or captains check their team in from two hours ' +
      'before the start; a team not checked in by the close is withdrawn.',
    division: 'hoop',
    location: 'Ponce City Courts, Atlanta, GA',
    status: 'upcoming',
    start: { inHours: 2 },
    durationHours: 4,
    buyIn: 0,
    prizePool: 300,
    maxPlayers: 12,
    format: 'single-elimination',
    createdDaysAgo: 5,
    entrants: [],
    team: { maxTeams: 4, teamSize: 3, teams: ['Houston Slap House', 'Atlanta Heat Check'] },
    checkIn: { checkedIn: ['Houston Slap House'] },
  },

  // Hosted by a verified member and awaiting admin approval (D10): not listed.
  {
    key: 'hosted-hoopers',
    title: 'Verified Hoopers Invitational',
    description:
      'An invitational run by verified members for verified members: 1v1 to 11, then a 3-point contest ' +
      'between the semifinal losers.',
    division: 'hoop',
    location: 'Decatur Recreation Center, Decatur, GA',
    status: 'pending',
    start: { inDays: 35, atUtcHour: 18 },
    durationHours: 8,
    buyIn: 50,
    prizePool: 640,
    maxPlayers: 16,
    format: 'single-elimination',
    createdDaysAgo: 2,
    host: 'verified',
    entrants: [],
  },
  {
    key: 'hosted-pickleball',
    title: 'Southside Pickleball Slam',
    description: 'Community pickleball round robin with a cash final. Paddles available to borrow at the desk.',
    division: 'pickleball',
    location: 'Southside Park Courts, Atlanta, GA',
    status: 'pending',
    start: { inDays: 42, atUtcHour: 16 },
    durationHours: 6,
    buyIn: 25,
    prizePool: 320,
    maxPlayers: 16,
    format: 'round-robin',
    createdDaysAgo: 1,
    host: 'verified',
    entrants: [],
  },
  {
    key: 'hosted-rejected',
    title: 'Backyard Boxing Brawl',
    description: 'Amateur boxing in a backyard ring. Bring your own gloves.',
    division: 'boxing',
    location: 'Private residence, Atlanta, GA',
    status: 'rejected',
    start: { inDays: 28, atUtcHour: 15 },
    durationHours: 5,
    buyIn: 100,
    prizePool: 640,
    maxPlayers: 8,
    format: 'single-elimination',
    createdDaysAgo: 6,
    host: 'verified',
    entrants: [],
    rejectionReason:
      'The venue is a private residence without event insurance. Please resubmit with a licensed venue and a ' +
      'certificate of insurance.',
  },
];
