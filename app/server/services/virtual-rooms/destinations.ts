import type { ServiceContext } from '../../context.server';
import { pageChoices } from '../content-pages/picker';
import { LISTED_SQL } from '../events/policy';
import { ownedRoom, panosOfRoom } from './common';
import { requireRoomEditor } from './policy';
import type { RoomDestinationOption, RoomDestinations } from './types';

/**
 * What a room's points may lead to (the editor's pickers; createNavPoint checks the same rules): the room's panos,
 * the organisation's halls, stages and conventions, the hall stands listed in its halls or of its own stands, and
 * its published and private content pages.
 */

type Kind = 'halls' | 'hallStands' | 'stages' | 'conventions';

const SQL: Record<Kind, string> = {
  halls: `select h.id, coalesce(nullif((select tr.title from hall_translations tr where tr.hall_id = h.id and tr.language = :lang), ''), h.name) as label
    from halls h where h.organization_id = :org`,
  hallStands: `select hs.id, coalesce(nullif((select tr.title from stand_translations tr where tr.stand_id = s.id and tr.language = :lang), ''), s.name)
      || ' (' || coalesce(nullif((select tr.title from hall_translations tr where tr.hall_id = h.id and tr.language = :lang), ''), h.name) || ')' as label
    from hall_stands hs join halls h on h.id = hs.hall_id join base_stands s on s.id = hs.stand_id
    where (hs.organization_id = :org or s.organization_id = :org) and ${LISTED_SQL('hs')}`,
  stages: `select st.id, coalesce(nullif((select tr.title from stage_translations tr where tr.stage_id = st.id and tr.language = :lang), ''), st.title) as label
    from stages st where st.organization_id = :org`,
  conventions: `select c.id, coalesce(nullif((select tr.title from convention_translations tr where tr.convention_id = c.id and tr.language = :lang), ''), c.title) as label
    from conventions c where c.organization_id = :org`,
};

async function options(ctx: ServiceContext, organizationId: string, kind: Kind, id?: string): Promise<RoomDestinationOption[]> {
  const sql = `select * from (${SQL[kind]}) x ${id ? 'where x.id = :id' : ''} order by x.label`;
  const { rows } = (await ctx.db.raw(sql, { org: organizationId, lang: ctx.language, id: id ?? null })) as { rows: RoomDestinationOption[] };
  return rows;
}

/** Whether the organisation may point a nav point at that hall, hall stand, stage or convention. */
export async function destinationAllowed(ctx: ServiceContext, organizationId: string, kind: Kind, id: string): Promise<boolean> {
  return (await options(ctx, organizationId, kind, id)).length > 0;
}

/** `roomDestinations(roomId)`: every choice of the editor's pickers for one of the organisation's rooms. */
export async function roomDestinations(ctx: ServiceContext, roomId: string): Promise<RoomDestinations> {
  const { organizationId } = requireRoomEditor(ctx);
  const room = await ownedRoom(ctx, organizationId, roomId, 'roomId');
  const [panos, halls, hallStands, stages, conventions, pages] = await Promise.all([
    panosOfRoom(ctx).load(room.id),
    options(ctx, organizationId, 'halls'),
    options(ctx, organizationId, 'hallStands'),
    options(ctx, organizationId, 'stages'),
    options(ctx, organizationId, 'conventions'),
    pageChoices(ctx, organizationId),
  ]);
  return {
    panos: panos.map((p, i) => ({ id: p.id, label: p.name || ctx.t('rooms:defaults.panoName', { number: i + 1 }) })),
    halls,
    hallStands,
    stages,
    conventions,
    contentPages: pages.map((p) => ({ id: p.id, label: p.name })),
  };
}
