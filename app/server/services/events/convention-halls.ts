import DataLoader from 'dataloader';
import type { ModelObject } from 'objection';
import { Hall } from '#db/models/index';
import { defineLoader, type ServiceContext } from '../../context.server';
import { accessState, type AccessState } from '../access/index';

/** The halls of many conventions in one statement, each convention's in its order. */
const hallsByConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, Hall[]>(async (conventionIds) => {
      const rows = await Hall.query(ctx.db)
        .alias('h')
        .join('convention_halls as ch', 'ch.hall_id', 'h.id')
        .whereIn('ch.convention_id', [...conventionIds])
        .orderBy([{ column: 'ch.order' }, { column: 'h.name' }])
        .select('h.*', 'ch.convention_id');
      const conventionOf = new Map(rows.map((hall) => [hall, String((hall as Hall & { convention_id: string }).convention_id)]));
      for (const hall of rows) Reflect.deleteProperty(hall, 'convention_id');
      return conventionIds.map((id) => rows.filter((hall) => conventionOf.get(hall) === id));
    }),
);

const ENTERED: readonly AccessState[] = ['member', 'open', 'granted'];

/**
 * The halls of a convention (GraphQL Convention.halls, spec 000 point 3) in the convention's order, as far as the
 * viewer may enter them: all for members of a hall's organisation, else those whose access type lets the viewer
 * in. The caller has already read the convention itself through a service that checked its access. The halls are
 * marked `visited`, so Hall.stands lists the stands visitors may see there. Batched: the conventions' halls come
 * from one statement, the access from one per viewer, whatever the number of halls.
 */
export async function hallsOfConvention(ctx: ServiceContext, conventionId: string): Promise<(ModelObject<Hall> & { visited: true })[]> {
  const halls = await hallsByConvention(ctx).load(conventionId);
  const access = await Promise.all(halls.map((hall) => accessState(ctx, 'hall', hall)));
  return halls.filter((_, i) => ENTERED.includes(access[i])).map((hall) => ({ ...hall, visited: true as const }));
}
