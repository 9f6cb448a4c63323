import type { FastifyInstance } from 'fastify';
import type { Side } from '../../../game/knockout.js';
import { decidedTies } from '../../../game/qualifier.js';
import { tag } from '../../read-model/index.js';
import { knockoutFixtures } from './qualifier-repository.js';

/**
 * Who went through each settled tie of a season, as a side of its deciding match
 * (src/game/qualifier.ts `decidedTies`): what a league with qualifier points shows beside a
 * member's picks. Worked out from the season's knockout matches and their final results, so kept
 * with the season's fixtures as its tag: a result saved, corrected or cleared, a side named in
 * place of its placeholder, a match moved to another round or leg all touch them
 * (read-model/changes.ts). Shared by every request: never changed by its readers.
 */
export async function seasonDecidedTies(app: FastifyInstance, seasonId: string): Promise<ReadonlyMap<string, Side>> {
  return app.deps.readModel.get(
    `decided-ties:${seasonId}`,
    [tag.seasonFixtures(seasonId)],
    async () => decidedTies(await knockoutFixtures(app.deps.db, [seasonId])),
    { bytes: (ties) => 256 + ties.size * 128 },
  );
}
