import type { Knex } from 'knex';
import { LISTED } from '../services/events/policy';

/**
 * The demo visitor's bookmarks beside their liked content (issue 27: the hub): the first two stands listed in the
 * demo convention's first hall, marked there, and the organisation's published content pages, liked with the link's
 * token as a visitor who scanned its QR code. Marked and liked a few minutes apart, so the hub shows them in order.
 */
export async function seedVisitorBookmarks(trx: Knex, options: { organizationId: string; visitorUserId: string; conventionSlug: string }): Promise<void> {
  const convention = await trx('conventions').where({ slug: options.conventionSlug }).first('id');
  if (!convention) return;
  const stands: { id: string }[] = await trx('hall_stands as hs')
    .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
    .where('ch.convention_id', convention.id)
    .where(LISTED('hs'))
    .orderBy([{ column: 'ch.order' }, { column: 'hs.order' }, { column: 'hs.created_at' }])
    .limit(2)
    .select('hs.id');
  const pages: { id: string; publish_token: string }[] = await trx('content_pages')
    .where({ organization_id: options.organizationId, state: 'PUBLISHED' })
    .orderBy('created_at')
    .limit(2)
    .select('id', 'publish_token');
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  if (stands.length) {
    await trx('stand_marks').insert(
      stands.map((stand, i) => ({ hall_stand_id: stand.id, convention_id: convention.id, user_id: options.visitorUserId, created_at: minutesAgo(30 - i * 10) })),
    );
  }
  if (pages.length) {
    await trx('content_page_likes').insert(
      pages.map((page, i) => ({ page_id: page.id, user_id: options.visitorUserId, token: page.publish_token, created_at: minutesAgo(25 - i * 10) })),
    );
  }
}
