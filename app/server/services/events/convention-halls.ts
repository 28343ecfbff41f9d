import DataLoader from 'dataloader';
import { defineLoader, type ServiceContext } from '../../context.server';
import { visitorAccess, type AccessState } from './access';
import type { HallRecord } from './stand-loaders';

/** The halls of many conventions in one statement, each convention's in its order. */
const hallsByConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, HallRecord[]>(async (conventionIds) => {
      const rows: (HallRecord & { convention_id: string })[] = await ctx
        .db('halls as h')
        .join('convention_halls as ch', 'ch.hall_id', 'h.id')
        .whereIn('ch.convention_id', [...conventionIds])
        .orderBy([{ column: 'ch.order' }, { column: 'h.name' }])
        .select('h.*', 'ch.convention_id');
      return conventionIds.map((id) => rows.filter((r) => r.convention_id === id).map(({ convention_id: _c, ...hall }) => hall as HallRecord));
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
export async function hallsOfConvention(ctx: ServiceContext, conventionId: string): Promise<(HallRecord & { visited: true })[]> {
  const halls = await hallsByConvention(ctx).load(conventionId);
  const access = await Promise.all(halls.map((hall) => visitorAccess(ctx, 'hall', hall)));
  return halls.filter((_, i) => ENTERED.includes(access[i])).map((hall) => ({ ...hall, visited: true as const }));
}
