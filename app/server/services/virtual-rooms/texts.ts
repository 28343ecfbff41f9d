import DataLoader from 'dataloader';
import { VirtualRoomInfoPointTranslation, VirtualRoomTourStepTranslation } from '#db/models/index';
import type { Language } from '~/lib/language';
import { defineLoader, type ServiceContext } from '../../context.server';

/**
 * The German and English texts of a room's tour steps (title, text) and info points (the embedded page's title)
 * (issue 24 item 21). The step's or point's own columns are what visitors see where their language has no text.
 * Per-item loaders serve the API; a room's view primes them for all its items with one statement.
 */

export interface ItemTextRow {
  id: string;
  language: Language;
  title: string;
  description: string;
}

export type RoomTextKind = 'step' | 'infoPoint';

const TABLES = {
  step: { model: VirtualRoomTourStepTranslation, parent: 'tour_step_id' },
  infoPoint: { model: VirtualRoomInfoPointTranslation, parent: 'info_point_id' },
} as const;

const COLUMNS = ['id', 'language', 'title', 'description'] as const;

function textsLoader(kind: RoomTextKind) {
  const { model, parent } = TABLES[kind];
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, ItemTextRow[]>(async (ids) => {
        const rows = (await ctx
          .db(model.tableName)
          .whereIn(parent, ids as string[])
          .orderBy('language')
          .select([parent, ...COLUMNS])) as (ItemTextRow & Record<string, string>)[];
        return ids.map((id) => rows.filter((r) => r[parent] === id).map(({ id: rowId, language, title, description }) => ({ id: rowId, language, title, description })));
      }),
  );
}

const LOADERS = { step: textsLoader('step'), infoPoint: textsLoader('infoPoint') } as const;

/** The texts of one tour step or info point, by language. */
export function roomItemTexts(ctx: ServiceContext, kind: RoomTextKind, id: string): Promise<ItemTextRow[]> {
  return LOADERS[kind](ctx).load(id);
}

/** Reads the texts of all steps and info points of a room in one statement and primes the per-item loaders. */
export async function primeRoomTexts(ctx: ServiceContext, roomId: string, stepIds: readonly string[], infoPointIds: readonly string[]): Promise<void> {
  if (!stepIds.length && !infoPointIds.length) return;
  const { rows } = (await ctx.db.raw(
    `select 'step' as kind, t.tour_step_id as item_id, t.id, t.language, t.title, t.description
       from virtual_room_tour_step_translations t join virtual_room_tour_steps s on s.id = t.tour_step_id
      where s.virtual_room_id = ?
     union all
     select 'infoPoint', t.info_point_id, t.id, t.language, t.title, t.description
       from virtual_room_info_point_translations t
       join virtual_room_info_points p on p.id = t.info_point_id
       join virtual_room_panos pa on pa.id = p.pano_id
      where pa.virtual_room_id = ?
     order by 4`,
    [roomId, roomId],
  )) as { rows: (ItemTextRow & { kind: RoomTextKind; item_id: string })[] };
  for (const [kind, ids] of [['step', stepIds], ['infoPoint', infoPointIds]] as const) {
    const loader = LOADERS[kind](ctx);
    for (const id of ids) {
      loader.clear(id).prime(
        id,
        rows.filter((r) => r.kind === kind && r.item_id === id).map(({ id: rowId, language, title, description }) => ({ id: rowId, language, title, description })),
      );
    }
  }
}

/** The item's text in the language, else its own. */
export function textInLanguage(texts: readonly ItemTextRow[], language: Language, field: 'title' | 'description', own: string): string {
  return texts.find((tr) => tr.language === language)?.[field].trim() || own;
}

/** Sets the texts of the languages given (in the caller's transaction); the others stay. Then `forgetRoomItemTexts`. */
export async function saveRoomItemTexts(
  tx: ServiceContext,
  kind: RoomTextKind,
  id: string,
  texts: readonly { language: Language; title: string; description?: string }[] | undefined,
): Promise<void> {
  if (!texts?.length) return;
  const { model, parent } = TABLES[kind];
  for (const tr of texts) {
    const description = kind === 'infoPoint' ? '' : (tr.description ?? '');
    await tx
      .db(model.tableName)
      .insert({ [parent]: id, language: tr.language, title: tr.title, description })
      .onConflict([parent, 'language'])
      .merge({ title: tr.title, description, updated_at: tx.db.fn.now() });
  }
}

/** After a write (outside its transaction: a loader made inside one would keep the finished transaction). */
export function forgetRoomItemTexts(ctx: ServiceContext, kind: RoomTextKind, id: string): void {
  LOADERS[kind](ctx).clear(id);
}
