import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { championshipPhotos } from '../../../db/schema/record.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { MAX_CHAMPIONSHIP_PHOTOS, type ChampionshipPhoto } from './schema.ts';
import { mayManage, type Viewer } from './service.ts';

/**
 * D29: after completion the admin or the tournament's host adds a replay link and up to 12 championship photos (D23
 * images). Each write checks who, what and when inside its own immediate transaction and is written to the audit log
 * in that transaction (D24), so the log never disagrees with the tournament.
 */

/** Why a highlight edit was refused; the route turns each into its status and message. */
export type EditRefusal = 'not-found' | 'forbidden' | 'not-completed' | 'full' | 'photo-not-found';

/** The tournament a highlight edit targets, checked for D29: exists, viewer is an admin or its host, completed. */
export async function editableTournament(
  db: Pick<Db, 'select'>,
  id: number,
  viewer: Viewer,
  leagueEmailDomain: string,
): Promise<{ ok: true; replayVideoUrl: string | null } | { ok: false; refusal: EditRefusal }> {
  const [t] = await db
    .select({ status: tournaments.status, hostId: tournaments.hostId, replayVideoUrl: tournaments.replayVideoUrl })
    .from(tournaments)
    .where(eq(tournaments.id, id));
  if (!t) return { ok: false, refusal: 'not-found' };
  if (!mayManage(viewer, t.hostId, leagueEmailDomain)) return { ok: false, refusal: 'forbidden' };
  if (t.status !== 'completed') return { ok: false, refusal: 'not-completed' };
  return { ok: true, replayVideoUrl: t.replayVideoUrl };
}

/** PUT /api/tournaments/{id}/replay (D29): sets or clears the replay link, with an audit entry in the same write. */
export async function setReplay(
  db: Db,
  id: number,
  viewer: Viewer,
  replayVideoUrl: string | null,
  ctx: { now: Date; leagueEmailDomain: string },
): Promise<{ ok: true; replayVideoUrl: string | null } | { ok: false; refusal: EditRefusal }> {
  return db.transaction(
    async (tx) => {
      const check = await editableTournament(tx, id, viewer, ctx.leagueEmailDomain);
      if (!check.ok) return check;
      await tx.update(tournaments).set({ replayVideoUrl }).where(eq(tournaments.id, id));
      await recordAudit(tx, {
        actorId: viewer.id,
        action: auditActions.tournamentReplay,
        targetType: 'tournament',
        targetId: id,
        before: { replayVideoUrl: check.replayVideoUrl },
        after: { replayVideoUrl },
        at: ctx.now,
      });
      return { ok: true as const, replayVideoUrl };
    },
    { behavior: 'immediate' },
  );
}

/** A processed image ready to store (the images feature's StoredImage). */
export interface ImageToStore {
  key: string;
  bytes: Uint8Array;
}

/** The images feature's store-and-reference step (D23), handed in by app.ts. */
export type AdoptImage = <T>(
  image: ImageToStore,
  reference: (url: string) => Promise<{ result: T; previous: string | null } | null>,
) => Promise<T | null>;
/** The images feature's release of a file nobody references any more (D23), handed in by app.ts. */
export type ReleaseImage = (url: string | null) => Promise<void>;

/**
 * POST /api/tournaments/{id}/championship-photos (D29, D23): stores the processed photo and adds it, at most
 * MAX_CHAMPIONSHIP_PHOTOS, counted inside the same immediate transaction as the insert so two uploads at once cannot
 * make thirteen. A refusal stores nothing (adopt releases the file).
 */
export async function addChampionshipPhoto(
  db: Db,
  adopt: AdoptImage,
  id: number,
  viewer: Viewer,
  image: ImageToStore,
  ctx: { now: Date; leagueEmailDomain: string },
): Promise<{ ok: true; photo: ChampionshipPhoto } | { ok: false; refusal: EditRefusal }> {
  let refusal: EditRefusal = 'not-found';
  const photo = await adopt<ChampionshipPhoto>(image, (url) =>
    db.transaction(
      async (tx) => {
        const check = await editableTournament(tx, id, viewer, ctx.leagueEmailDomain);
        if (!check.ok) {
          refusal = check.refusal;
          return null;
        }
        const [n] = await tx
          .select({ n: count() })
          .from(championshipPhotos)
          .where(eq(championshipPhotos.tournamentId, id));
        if ((n?.n ?? 0) >= MAX_CHAMPIONSHIP_PHOTOS) {
          refusal = 'full';
          return null;
        }
        const [row] = await tx
          .insert(championshipPhotos)
          .values({ tournamentId: id, imageUrl: url, addedBy: viewer.id, createdAt: ctx.now })
          .returning({ id: championshipPhotos.id, url: championshipPhotos.imageUrl });
        await recordAudit(tx, {
          actorId: viewer.id,
          action: auditActions.championshipPhotoAdd,
          targetType: 'tournament',
          targetId: id,
          after: row,
          at: ctx.now,
        });
        return { result: row!, previous: null };
      },
      { behavior: 'immediate' },
    ),
  );
  return photo ? { ok: true, photo } : { ok: false, refusal };
}

/** DELETE /api/tournaments/{id}/championship-photos/{photoId}: removes it and lets its file go when unreferenced. */
export async function removeChampionshipPhoto(
  db: Db,
  release: ReleaseImage,
  id: number,
  photoId: number,
  viewer: Viewer,
  ctx: { now: Date; leagueEmailDomain: string },
): Promise<{ ok: true } | { ok: false; refusal: EditRefusal }> {
  const removed = await db.transaction(
    async (tx) => {
      const check = await editableTournament(tx, id, viewer, ctx.leagueEmailDomain);
      if (!check.ok) return check;
      const [row] = await tx
        .delete(championshipPhotos)
        .where(and(eq(championshipPhotos.id, photoId), eq(championshipPhotos.tournamentId, id)))
        .returning({ id: championshipPhotos.id, url: championshipPhotos.imageUrl });
      if (!row) return { ok: false as const, refusal: 'photo-not-found' as const };
      await recordAudit(tx, {
        actorId: viewer.id,
        action: auditActions.championshipPhotoRemove,
        targetType: 'tournament',
        targetId: id,
        before: row,
        at: ctx.now,
      });
      return { ok: true as const, url: row.url };
    },
    { behavior: 'immediate' },
  );
  if (!removed.ok) return removed;
  await release(removed.url);
  return { ok: true };
}
