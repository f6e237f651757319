import type { Db } from './client.ts';
import { DAY, HOUR } from './seed-rows.ts';
import { verificationApplications } from './schema/verification.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Demo verification applications (D11, issue 14): two waiting in the admin Users tab, and one rejected with its
 * reason, as the applicant would see it on /apply-verified. The applicants are seeded players without a login.
 */
export async function seedVerification(tx: Tx, { idOf, now }: { idOf: (key: string) => string; now: Date }) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await tx.insert(verificationApplications).values([
    {
      userId: idOf('kjohnson'),
      type: 'player',
      applicationReason:
        'I have played in Brooklyn park leagues for eight years and want to host sanctioned 1v1 nights at Rucker-style courts with real prize pools for local hoopers.',
      achievements: 'Three-time Brooklyn Summer Classic 1v1 champion; eight seasons of Brooklyn park leagues.',
      socialMedia: '@kj_buckets on Instagram',
      teamAffiliations: null,
      createdAt: ago(2 * DAY),
    },
    {
      userId: idOf('awashington'),
      type: 'player',
      applicationReason:
        'I stream every game I play to 12,000 followers and want to bring verified WTA events and Media Day coverage to Atlanta creators and their audiences.',
      achievements: 'Atlanta Streamers Cup finalist; 1.2 million views of league games.',
      socialMedia: 'twitch.tv/aaliyahhoops',
      teamAffiliations: 'ATL Creators Collective',
      createdAt: ago(5 * HOUR),
    },
    {
      userId: idOf('jpark'),
      type: 'player',
      status: 'rejected',
      applicationReason:
        'I coach part-time and play in Seattle leagues; verification would let me host youth-friendly tournaments in the Pacific Northwest.',
      achievements: 'Seattle Pro-Am semifinalist; two seasons in the Seattle Rec League.',
      reason: 'Please add links to your Pro-Am results or league stats so we can confirm your achievements.',
      decidedAt: ago(1 * DAY),
      createdAt: ago(6 * DAY),
    },
  ]);
}
