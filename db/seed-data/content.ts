/** Blog posts, direct messages and notifications of the demo league. Times are relative to the seed's `now`. */

export interface BlogPostSeed {
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  body: string;
  publishedDaysAgo: number;
}

export const blogPosts: BlogPostSeed[] = [
  {
    slug: 'welcome-to-the-wta',
    title: 'Welcome to the WTA: Cash, Not Trophies',
    category: 'League News',
    excerpt: 'Why we built a league where every one-day tournament pays out in cash, and who it is for.',
    publishedDaysAgo: 120,
    body: [
      'Most amateur tournaments end with a plastic trophy and a group photo. The WTA ends with a payout. Every event ' +
        'is one day long, every bracket is public, and the prize pool is posted before the first game tips off.',
      'The league is built for underdogs, streamers, athletes and creators: the hooper who runs the park every ' +
        'weekend, the flag football QB with a following, the kickball team that takes its slip-and-slide seriously.',
      'Sign the waiver once, register for any tournament in any of our eight divisions, and play for real money. ' +
        'Verified members get 24 hours of early registration, can host their own events and RSVP for Media Day.',
    ].join('\n\n'),
  },
  {
    slug: 'spring-opener-recap',
    title: 'Recap: Darius Moore Takes the Hoop Kings Spring Opener',
    category: 'Tournament Recap',
    excerpt: 'A 15-13 final, a buzzer-beating step-back and a $320 first-place check.',
    publishedDaysAgo: 29,
    body: [
      'Twelve hoopers showed up at Ponce City Courts for the season opener of the hoop division, and the final ' +
        'delivered: Darius Moore against Jasmine Carter, tied at 13 with the shot clock running down.',
      'Moore went left, stepped back and buried it. One defensive stop later he was holding the first-place check ' +
        'of $320. Carter took home $192 and a lot of new followers after a semifinal comeback from 4-10 down.',
      'The next hoop event, the Hoop Kings 1v1 Classic, is already open for registration. Verified members can ' +
        'register 24 hours before everyone else.',
    ].join('\n\n'),
  },
  {
    slug: 'player-spotlight-xavier-rivera',
    title: 'Player Spotlight: Xavier Rivera, the Bronx Southpaw',
    category: 'Player Spotlight',
    excerpt: 'Sixteen knockouts, one loss, and a plan to headline Fight Night at home.',
    publishedDaysAgo: 15,
    body: [
      'Xavier Rivera learned to box in a church basement on the Grand Concourse. Ten years later he is the top-ranked ' +
        'fighter in the WTA boxing division and the reigning Downtown Brawl champion.',
      '"People see the knockouts," he says. "They do not see the 5 a.m. runs." Rivera streams his training camp ' +
        'every morning and credits his chat for keeping him honest.',
      'He has already registered for Fight Night: Bronx Bombers, the first WTA card in his home borough.',
    ].join('\n\n'),
  },
  {
    slug: 'how-early-registration-works',
    title: 'How Verified Early Registration Works',
    category: 'How To',
    excerpt: 'The 24-hour window before each tournament belongs to verified members. Here is how to get in.',
    publishedDaysAgo: 8,
    body: [
      'Every tournament opens registration to everyone, then closes the final 24 hours before the start to verified ' +
        'members only. Spots that are still open in that window go to the people who have proven they show up.',
      'To get verified, open Apply for Verified from your dashboard, tell us why you should be verified (at least 50 ' +
        'characters) and list your achievements. An admin reviews every application by hand.',
      'Verified members also get the gold badge, hosting rights and an invitation to Media Day.',
    ].join('\n\n'),
  },
  {
    slug: 'slamball-summer-smash-preview',
    title: 'Preview: SlamBall Summer Smash Is Live Today',
    category: 'Announcements',
    excerpt: 'Eight players, four trampolines and a crowd-voted MVP. Watch live and cast your vote.',
    publishedDaysAgo: 1,
    body: [
      'SlamBall returns to the Westside Trampoline Arena with a full eight-player bracket. Dre Jordan, last year’s ' +
        'showcase winner, is the top seed.',
      'Fans can follow the bracket live and vote for the MVP from the tournament page. Results are announced after ' +
        'the final.',
    ].join('\n\n'),
  },
];

export interface MessageSeed {
  from: string;
  to: string;
  body: string;
  /** Sent this many hours before now. */
  hoursAgo: number;
  read: boolean;
}

// At least two unread messages each for player@ and verified@ so the shell's badge shows a real count.
export const messages: MessageSeed[] = [
  {
    from: 'owner',
    to: 'player',
    hoursAgo: 72,
    read: true,
    body: 'Saw your highlights from the Charlotte runs. You have wheels.',
  },
  { from: 'player', to: 'owner', hoursAgo: 70, read: true, body: 'Appreciate it! Always looking for a squad.' },
  {
    from: 'owner',
    to: 'player',
    hoursAgo: 5,
    read: false,
    body: 'We have a tryout Saturday morning for Atlanta Heat Check. Sign the waiver and come through.',
  },
  {
    from: 'rthompson',
    to: 'player',
    hoursAgo: 2,
    read: false,
    body: 'Friday Night Lights still has spots. Want to run routes together before it?',
  },
  {
    from: 'admin',
    to: 'verified',
    hoursAgo: 30,
    read: false,
    body: 'Congrats on getting verified! Media Day RSVPs are open, we would love to have you there.',
  },
  {
    from: 'dmoore',
    to: 'verified',
    hoursAgo: 20,
    read: true,
    body: 'Rematch at the Classic? I will even let you check the ball first.',
  },
  { from: 'verified', to: 'dmoore', hoursAgo: 19, read: true, body: 'Bet. Bring your A game this time.' },
  {
    from: 'owner',
    to: 'verified',
    hoursAgo: 6,
    read: false,
    body: 'Captain, practice moved to 6 pm Thursday at Ponce City. Bring the new jerseys.',
  },
  {
    from: 'mreyes',
    to: 'verified',
    hoursAgo: 1,
    read: false,
    body: 'Are you hosting the Hoopers Invitational? Count me in if it gets approved.',
  },
  { from: 'verified', to: 'owner', hoursAgo: 4, read: false, body: 'Got it, I will pick up the jerseys tomorrow.' },
  {
    from: 'tperry',
    to: 'fan',
    hoursAgo: 48,
    read: true,
    body: 'Are you going to the SlamBall Smash? Saving you a seat.',
  },
  { from: 'fan', to: 'tperry', hoursAgo: 47, read: true, body: 'Wouldn’t miss it. Voting Dre for MVP.' },
];

export interface NotificationSeed {
  user: string;
  kind: string;
  title: string;
  body: string;
  /** A path; `{tournament:key}` and `{team:name}` are replaced with the seeded ids. */
  link: string | null;
  hoursAgo: number;
  read: boolean;
}

export const notifications: NotificationSeed[] = [
  {
    user: 'verified',
    kind: 'registration_confirmed',
    title: 'Registration confirmed',
    body: 'You are registered for Hoop Kings 1v1 Classic. Check in 30 minutes before the start.',
    link: '/tournaments/{tournament:hoop-classic}',
    hoursAgo: 240,
    read: true,
  },
  {
    user: 'verified',
    kind: 'verification_decided',
    title: 'You are verified',
    body: 'Your verification application was approved. Enjoy early registration, hosting and Media Day.',
    link: '/verified-dashboard',
    hoursAgo: 36,
    read: true,
  },
  {
    user: 'verified',
    kind: 'registration_confirmed',
    title: 'Registration confirmed',
    body: 'You are registered for Five-a-Side Street Cup. Check in 30 minutes before the start.',
    link: '/tournaments/{tournament:soccer-street-cup}',
    hoursAgo: 30,
    read: false,
  },
  {
    user: 'verified',
    kind: 'hosted_tournament_decided',
    title: 'Tournament not approved',
    body:
      'Backyard Boxing Brawl was not approved: the venue is a private residence without event insurance. ' +
      'Please resubmit with a licensed venue and a certificate of insurance.',
    link: '/host-tournament',
    hoursAgo: 3,
    read: false,
  },
  {
    user: 'owner',
    kind: 'team_invite',
    title: 'Roster update',
    body: 'Jasmine Carter is now the captain of Atlanta Heat Check.',
    link: '/teams',
    hoursAgo: 100,
    read: true,
  },
];

/** An open team invite (issue 13): its notification is written with it, as POST /api/team-invites does. */
export interface InviteSeed {
  team: string;
  player: string;
  hoursAgo: number;
}

// player@ (a free agent) has an open invite from owner@'s team to accept or decline on the dashboard.
export const invites: InviteSeed[] = [{ team: 'Atlanta Heat Check', player: 'player', hoursAgo: 5 }];

/** A pending transfer request (issue 13); `to` null is free agency. */
export interface TransferSeed {
  player: string;
  from: string;
  to: string | null;
  reason: string | null;
  hoursAgo: number;
}

// Both are owner@'s to decide (D37): one player leaving for free agency, one asking to join from another team.
export const transfers: TransferSeed[] = [
  {
    player: 'cwilliams',
    from: 'Atlanta Heat Check',
    to: null,
    reason: 'Moving to Charlotte for work. I want to keep playing as a free agent there.',
    hoursAgo: 20,
  },
  {
    player: 'tgreen',
    from: 'Bay Area Blitz',
    to: 'Atlanta Heat Check',
    reason: 'Flag football is my side game now; I want to run with the Heat Check full time.',
    hoursAgo: 50,
  },
];
