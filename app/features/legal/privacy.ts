import type { LegalDocument } from './components/legal-page.tsx';

/** /privacy (001 s2): rights requests answered within 30 days; the service is for ages 13 and up. */
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  intro:
    'This policy explains what personal information WTA League collects when you use our website and app, why we ' +
    'collect it, who we share it with and the choices you have. We collect only what we need to run tournaments, keep ' +
    'events safe and pay winners.',
  sections: [
    {
      heading: 'Information We Collect',
      blocks: [
        [
          'Account details: your name, e-mail address, password (stored only as a secure hash), role, and, if you sign ' +
            'in with Google, your Google account identifier.',
          'Profile details you choose to add: photo, city, state, sport, divisions, bio, height and weight.',
          'Date of birth, which we need to check eligibility and whether a parent or guardian must sign your waiver.',
          'Liability waivers: your signature, emergency contact, and for members under 18 the parent or guardian name, ' +
            'e-mail and signature, together with the time, IP address and device details of signing.',
          'Payments: what you bought and when. Card details are handled by our payment provider and never reach us.',
          'Competition records: registrations, matches, results, points, prizes and tickets, including when a ticket ' +
            'was checked in at the door.',
          'Messages you send to other members and to our support team.',
          'Technical data: sign-in sessions, device and browser type, and IP address, used for security and abuse ' +
            'prevention.',
        ],
      ],
    },
    {
      heading: 'How We Use It',
      blocks: [
        [
          'To run your account, register you for tournaments, sell and check tickets, and show results and leaderboards.',
          'To keep events safe: waivers, emergency contacts and the Code of Conduct.',
          'To process payments, refunds and prize payouts.',
          'To send you notifications about your tournaments, teams and messages.',
          'To protect the service against fraud and abuse, and to meet our legal obligations.',
        ],
        'We do not sell your personal information, and we do not use it for third-party advertising.',
      ],
    },
    {
      heading: 'What Others Can See',
      blocks: [
        'Your public profile shows your name, photo, sport, divisions, statistics and team. Leaderboards and brackets ' +
          'show your name and results. For members under 18, guests never see a photo or city, and the profile is ' +
          'hidden from search engines.',
        'Door staff at a tournament see only a ticket holder\u2019s first name and ticket tier when they scan a ticket.',
      ],
    },
    {
      heading: 'Who We Share It With',
      blocks: [
        [
          'Our payment provider, to take payments and make refunds.',
          'Hosting and database providers that store the service\u2019s data on our behalf.',
          'Tournament hosts, who see the entrants of their own tournaments.',
          'Authorities, when the law requires it or to protect someone\u2019s safety.',
        ],
      ],
    },
    {
      heading: 'Offline Use on Your Device',
      blocks: [
        'The installed app keeps a copy of recent pages, your own tickets and waiver status on your device so that it ' +
          'works at venues without signal. Signing out removes your personal copy from the device.',
      ],
    },
    {
      heading: 'How Long We Keep It',
      blocks: [
        'We keep account information while your account is open. Signed waivers and payment records are legal records ' +
          'and are kept for as long as the law requires, even after an account closes.',
      ],
    },
    {
      heading: 'Your Rights',
      blocks: [
        'You can see and correct most of your information on the Edit Profile page. You may also ask us for a copy of ' +
          'your information, to correct or delete it, or to stop a use of it, by writing to us through the Contact ' +
          'Support page. We answer every request within 30 days. We may need to confirm your identity first, and we ' +
          'cannot delete records the law requires us to keep.',
      ],
    },
    {
      heading: 'Children',
      blocks: [
        'The service is for people aged 13 and up. We do not knowingly collect information from children under 13; if ' +
          'we learn that we have, we delete it. Members aged 13 to 17 use the service with a parent or guardian\u2019s ' +
          'consent, and a parent or guardian may contact us about their child\u2019s information at any time.',
      ],
    },
    {
      heading: 'Security',
      blocks: [
        'Passwords are stored only as strong hashes, sessions can be ended from your dashboard, waivers are sealed so ' +
          'that changes are detectable, and ticket codes are never shown in door lists. No system is perfectly secure; ' +
          'tell us at once if you suspect a problem.',
      ],
    },
    {
      heading: 'Changes and Contact',
      blocks: [
        'We will post any change to this policy here and update the date at the top. For any privacy question or ' +
          'request, use the Contact Support page.',
      ],
    },
  ],
};
