import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { waiverContentHash } from './waiver-hash.ts';
import type { PersonSeed } from './seed-data/people.ts';
import { demoSignaturePng } from './seed-data/signature.ts';

// The demo league's row builders and its deterministic ids (db/seed.ts composes them in one transaction).

/** The waiver text version the demo waivers were signed under. */
export const SEED_WAIVER_TEXT_VERSION = '2025-01';
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export function userRow(p: PersonSeed, id: string, passwordHash: string | null, now: Date) {
  const joined = new Date(now.getTime() - p.joinedDaysAgo * DAY);
  // No points, wins or losses here (D38: every point is a ledger row; D14: records follow matches): the demo league's
  // tournaments give them, played through the engine.
  return {
    id,
    email: p.email.toLowerCase(),
    passwordHash,
    firstName: p.firstName,
    lastName: p.lastName,
    role: p.role,
    tagline: p.tagline,
    city: p.city,
    state: p.state,
    sport: p.sport,
    profileImageUrl: null,
    isVerified: p.isVerified ?? false,
    dateOfBirth: p.dateOfBirth ?? null,
    bio: p.profile?.bio ?? null,
    height: p.profile?.height ?? null,
    weight: p.profile?.weight ?? null,
    divisions: p.profile?.divisions ?? null,
    bestDivision: p.profile?.bestDivision ?? null,
    highlightUrls: p.profile?.highlightUrls ?? null,
    profileCompletedAt: new Date(joined.getTime() + HOUR),
    createdAt: joined,
  };
}

/** A signed liability waiver as the waiver endpoint would store it (D8), with its content hash. */
export async function waiverRow(p: PersonSeed, userId: string, receivedAt: Date, ipAddress: string) {
  const record = {
    userId,
    type: 'liability' as const,
    textVersion: SEED_WAIVER_TEXT_VERSION,
    signerName: `${p.firstName} ${p.lastName}`,
    dateOfBirth: p.dateOfBirth ?? null,
    signatureData: demoSignaturePng,
    emergencyContactName: p.key === 'verified' ? 'Monique Carter' : `${p.lastName} Family Contact`,
    emergencyContactPhone:
      p.key === 'verified' ? '(404) 555-0142' : `(555) 555-${String(1000 + (hash32(p.key) % 9000)).padStart(4, '0')}`,
    parentGuardianName: null,
    parentGuardianEmail: null,
    parentGuardianSignature: null,
    ipAddress,
    deviceInfo: JSON.stringify({
      screen: '1170x2532',
      viewport: '390x844',
      platform: 'iPhone',
      language: 'en-US',
      timezone: 'America/New_York',
    }),
    deviceSignedAt: new Date(receivedAt.getTime() - 1500),
    receivedAt,
  };
  return { ...record, contentHash: waiverContentHash(record) };
}

export function resolveLink(link: string, tournamentId: Map<string, number>, teamId: Map<string, number>): string {
  return link.replace(/\{(tournament|team):([^}]+)\}/g, (_, kind: string, key: string) => {
    const id = kind === 'tournament' ? tournamentId.get(key) : teamId.get(key);
    if (id === undefined) throw new Error(`Seed link refers to unknown ${kind} "${key}"`);
    return String(id);
  });
}

/** A stable UUID-shaped id (RFC 9562 version 8) from a label, so every fresh demo league has the same ids. */
export function seededId(label: string): string {
  const h = sha256(new TextEncoder().encode(`wta-seed:${label}`)).slice(0, 16);
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = encodeHexLowerCase(h);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function seededHex(label: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`wta-seed:${label}`)));
}

export function hash32(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}
