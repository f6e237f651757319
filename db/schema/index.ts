// The whole schema, for drizzle's relational queries and drizzle-kit. One file per feature.
export * from './users.ts';
export * from './auth.ts';
export * from './tournaments.ts';
export * from './teams.ts';
export * from './sponsors.ts';
export * from './blog.ts';
export * from './messages.ts';
export * from './waivers.ts';
export * from './settings.ts';
export * from './payments.ts';
export * from './client-requests.ts';
export * from './support.ts';
export * from './audit.ts';
export * from './competition.ts';
export * from './team-invites.ts';
export * from './transfers.ts';
export * from './follows.ts';
