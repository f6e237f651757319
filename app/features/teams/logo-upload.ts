import { uploadWithProgress } from '../../lib/image-upload.ts';
import { teamLogoUpload, type MyTeam } from './queries.ts';

// Apart from queries.ts: the route's loader imports that file, so whatever it imports is on every page's first load;
// the upload code is needed only once a logo is chosen.

/** POST /api/teams/{id}/upload-logo (001 s7, field `logo`): the cropped logo; the team with its new logoUrl. */
export function uploadTeamLogo(teamId: number, logo: Blob, onProgress?: (fraction: number) => void): Promise<MyTeam> {
  return uploadWithProgress<MyTeam>({ ...teamLogoUpload(teamId), file: logo, onProgress });
}
