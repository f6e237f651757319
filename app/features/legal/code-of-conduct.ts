import type { LegalDocument } from './components/legal-page.tsx';

/** /code-of-conduct (001 s2): arrive 30 minutes early, appeals within 7 days, a warning up to a permanent ban. */
export const codeOfConduct: LegalDocument = {
  title: 'Code of Conduct',
  intro:
    'WTA League exists so that anyone can compete for real cash in a fair, safe and respectful setting. This code ' +
    'applies to every player, team owner, coach, host, official, volunteer and spectator, at every venue and in every ' +
    'message, profile and post on the platform.',
  sections: [
    {
      heading: 'Respect',
      blocks: [
        [
          'Treat opponents, teammates, officials, hosts and fans with respect, win or lose.',
          'No harassment, threats, hate speech or discrimination on the basis of race, ethnicity, religion, gender, ' +
            'sexual orientation, disability or age.',
          'No violence or fighting, on or off the court. Physical contact beyond the rules of the sport is never ' +
            'acceptable.',
          'Respect the venue, its staff and its neighbours.',
        ],
      ],
    },
    {
      heading: 'Fair Play',
      blocks: [
        [
          'Compete under your own name and true age. Playing for someone else, or letting someone play for you, is ' +
            'cheating.',
          'Report results honestly. Do not fix, throw or arrange the outcome of a match.',
          'Follow the tournament\u2019s rules and the decisions of officials during play.',
          'No performance-enhancing or illegal substances, and do not compete under the influence of alcohol or drugs.',
        ],
      ],
    },
    {
      heading: 'Tournament Day',
      blocks: [
        [
          'Arrive at least 30 minutes before your scheduled start to check in, warm up and hear the rules briefing. A ' +
            'player or team that is not ready when called may forfeit.',
          'Bring the ticket or confirmation on your phone; each ticket admits one person once.',
          'Make sure your liability waiver is signed before the day. Players under 18 need a parent or guardian\u2019s ' +
            'signature.',
          'Follow the instructions of the host and door staff, and tell them at once about any injury or safety concern.',
        ],
      ],
    },
    {
      heading: 'Online Conduct',
      blocks: [
        'Messages, profiles, photos and posts follow the same standards. No spam, impersonation, sharing of other ' +
          'people\u2019s personal information, or explicit content. Report any conduct that breaks this code.',
      ],
    },
    {
      heading: 'Reporting a Concern',
      blocks: [
        'Tell the host or a league official at the venue, or write to us through the Contact Support page. Reports are ' +
          'handled in confidence, and retaliation against anyone who reports in good faith is itself a breach of this ' +
          'code.',
      ],
    },
    {
      heading: 'Consequences',
      blocks: [
        'League admins review every report and decide on a consequence that fits what happened, taking any earlier ' +
          'incidents into account. Consequences range from a warning to a permanent ban:',
        [
          'Warning: a written warning recorded on your account.',
          'Suspension: you cannot sign in, register or compete for a set number of days, and your sessions end.',
          'Permanent ban: your account is closed for good and you may not take part in any WTA event.',
        ],
        'Serious misconduct, such as violence or cheating for money, may lead straight to a ban, forfeiture of prizes ' +
          'for the tournament concerned, and referral to the authorities. Officials may also remove anyone from a venue ' +
          'on the day.',
      ],
    },
    {
      heading: 'Appeals',
      blocks: [
        'You will see any decision about you on your dashboard, with the reason. You may appeal a decision once, within ' +
          '7 days of being told of it, by explaining from your dashboard why it should be changed. An admin reviews ' +
          'the appeal, and the decision on it is final. A suspension or ban stays in force while an appeal is ' +
          'considered.',
      ],
    },
  ],
};
