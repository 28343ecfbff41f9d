import type { ServiceContext } from '../../context.server';

/**
 * The conventions a stage of the viewer's organisation is the stage of (one statement), by title: its public
 * pages are /convention/{slug}/stage/{stageSlug}. The caller has checked the stage (fetchStage).
 */
export async function conventionsOfStage(ctx: ServiceContext, stageId: string): Promise<{ slug: string; title: string; active: boolean }[]> {
  return ctx
    .db('conventions as c')
    .join('convention_stages as cs', 'cs.convention_id', 'c.id')
    .where('cs.stage_id', stageId)
    .orderBy('c.title')
    .select('c.slug', 'c.title', 'c.active');
}
