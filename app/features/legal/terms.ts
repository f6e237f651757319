import type { LegalDocument } from './components/legal-page.tsx';

/** /terms (001 s2): eligibility (13, parental consent under 18), binding arbitration and payment terms. */
export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  intro:
    'These Terms of Service are an agreement between you and WTA League ("WTA", "we", "us"). They apply whenever you ' +
    'use our website or app, create an account, enter a tournament, buy a ticket, sponsor an event or donate. By using ' +
    'the service you accept these terms. If you do not accept them, please do not use the service.',
  sections: [
    {
      heading: 'Eligibility',
      blocks: [
        'You must be at least 13 years old to create an account or use the service. We do not knowingly allow anyone ' +
          'under 13 to register, and we close any account we learn belongs to a child under 13.',
        'If you are at least 13 but under 18, you may use the service only with the consent of a parent or legal ' +
          'guardian, who agrees to these terms on your behalf. Before you can compete, your parent or guardian must also ' +
          'sign the liability waiver with you.',
        'You must give us true and current information about yourself, including your date of birth, and keep it up to ' +
          'date. Competing under a false name or age is a breach of these terms and of the Code of Conduct.',
      ],
    },
    {
      heading: 'Your Account',
      blocks: [
        'You are responsible for everything that happens under your account. Keep your password private, use one that ' +
          'you do not use elsewhere, and tell us at once through the support page if you believe someone else has used ' +
          'your account. You can sign out of all your devices from your dashboard at any time.',
        'One person may hold one account. Accounts may not be sold, shared or transferred.',
      ],
    },
    {
      heading: 'Tournaments and Events',
      blocks: [
        'Tournaments are one-day competitions with cash prizes. Each tournament page shows its format, division, buy-in, ' +
          'capacity, start time, venue and rules; those details form part of these terms for that event.',
        [
          'Only players and team owners may register to compete; fans may buy tickets and follow events.',
          'Every competitor must have signed the current liability waiver before registering.',
          'Verified members may register during the 24-hour early registration window before public registration opens.',
          'Hosts who run tournaments on the platform must follow these terms and the Code of Conduct, and their ' +
            'tournaments are listed only after an admin approves them.',
          'We may change a venue, start time or format for safety or operational reasons, and we will tell registered ' +
            'players and ticket holders as soon as we can.',
        ],
      ],
    },
    {
      heading: 'Payment Terms',
      blocks: [
        'Buy-ins, tickets, sponsorships and donations are paid by card through our payment provider. We never see or ' +
          'store your full card number. All prices are in US dollars and are shown before you pay; the amount you are ' +
          'charged always comes from our price list, not from your device.',
        [
          'Buy-ins: your spot is held while you complete checkout and is confirmed only once payment succeeds. A ' +
            'tournament with a $0 buy-in registers you without checkout.',
          'Refunds: buy-ins and tickets are not refundable if you withdraw or do not attend. If we or the host cancel a ' +
            'tournament, every paid buy-in and ticket is refunded in full to the original card, once, and we notify you.',
          'Tickets: each ticket carries a unique code and is valid for one entry to the tournament it was bought for. ' +
            'A ticket that has been scanned at the door cannot be used again.',
          'Sponsorships: a sponsor listing appears only after an admin approves it. A rejected sponsorship is refunded ' +
            'in full.',
          'Prizes: at the end of a tournament the top four finishers are owed 50%, 30%, 15% and 5% of the prize pool, ' +
            'rounded down to whole dollars; in a team tournament the prize is paid to the team owner. Winners may be ' +
            'asked for identity and tax information before payment.',
          'Chargebacks: if you dispute a charge that was properly made, we may suspend your account while the dispute ' +
            'is open.',
        ],
      ],
    },
    {
      heading: 'Conduct and Content',
      blocks: [
        'You agree to follow the Code of Conduct at every event and in every message, profile and upload. You keep the ' +
          'rights to the photos and text you upload, and you give us a licence to show them on the service for as long ' +
          'as they are there. Do not upload anything you do not have the right to share.',
        'We may remove content, and warn, suspend or ban members, as the Code of Conduct describes.',
      ],
    },
    {
      heading: 'Assumption of Risk',
      blocks: [
        'Sport carries a risk of injury. By competing you accept the risks described in the liability waiver you sign. ' +
          'Nothing in these terms limits any liability that the law does not allow to be limited.',
      ],
    },
    {
      heading: 'Binding Arbitration',
      blocks: [
        'Please read this section carefully: it affects your rights. Any dispute between you and WTA arising from these ' +
          'terms or the service will be resolved by final and binding arbitration before a single arbitrator, rather ' +
          'than in court, except that either side may bring an individual claim in small-claims court.',
        'Arbitration takes place on an individual basis. You and WTA each waive the right to a jury trial and to take ' +
          'part in a class action or class arbitration. Before starting arbitration, you agree to contact us through ' +
          'the support page and give us 30 days to try to resolve the dispute informally.',
        'You may opt out of this arbitration agreement by writing to us through the support page within 30 days of ' +
          'first accepting these terms.',
      ],
    },
    {
      heading: 'Ending Your Use',
      blocks: [
        'You may stop using the service at any time. We may suspend or close an account that breaks these terms or the ' +
          'Code of Conduct. Records we must keep by law, such as signed waivers and payments, are kept after an account ' +
          'closes.',
      ],
    },
    {
      heading: 'Changes to These Terms',
      blocks: [
        'We may update these terms. When we make a material change we will show a notice in the app before it takes ' +
          'effect. The date at the top of this page shows when they last changed.',
      ],
    },
    {
      heading: 'Contact',
      blocks: ['Questions about these terms? Reach us through the Contact Support page.'],
    },
  ],
};
