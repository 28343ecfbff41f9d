import type { Knex } from 'knex';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { contentPreview, inParallel, onDemandThumbnail, organizationAvatar, storePicture, type Picture } from './pictures';

/** A point of the demo that leads nowhere: where it is and why. */
export interface DeadPoint {
  table: 'points' | 'foyer_points';
  id: string;
  reason: string;
}

/**
 * The organisation's points that lead nowhere (issue 14: "every point leads somewhere"): stand points that are
 * plain points or reference points without content (no content group, no existing content page), and foyer
 * points whose target is missing, is not part of the foyer's convention (a hall not in it, a stage not on it, a
 * stand not listed in its halls), is of a kind visitors are not shown yet, or is a link without an address.
 */
export async function deadPoints(db: Knex, organizationId: string): Promise<DeadPoint[]> {
  const hasContentPages = await db.schema.hasTable('content_pages');
  const points = await db('points as p')
    .join('stand_nodes as n', 'n.id', 'p.node_id')
    .where('n.organization_id', organizationId)
    .modify((q) => {
      if (hasContentPages) q.leftJoin('content_pages as cp', 'cp.id', 'p.content_page_id');
    })
    .leftJoin('content_groups as g', 'g.id', 'p.content_group_id')
    .select('p.id', 'p.kind', 'p.slug', 'g.id as group_id', db.raw(hasContentPages ? 'cp.id as page_id' : 'null as page_id'));
  const dead: DeadPoint[] = [];
  for (const p of points as { id: string; kind: string; slug: string | null; group_id: string | null; page_id: string | null }[]) {
    if (p.kind !== 'REFERENCE' || !p.slug) dead.push({ table: 'points', id: p.id, reason: 'a plain point (visitors are not shown it)' });
    else if (!p.group_id && !p.page_id) dead.push({ table: 'points', id: p.id, reason: `reference point "${p.slug}" without content` });
  }

  const foyerPoints = (await db('foyer_points as fp')
    .join('image_foyers as f', 'f.id', 'fp.foyer_id')
    .where('f.organization_id', organizationId)
    .select('fp.id', 'fp.target_type', 'fp.target_id', 'fp.link', 'f.convention_id')) as {
    id: string;
    target_type: string;
    target_id: string | null;
    link: string | null;
    convention_id: string;
  }[];
  for (const p of foyerPoints) {
    const exists = async (): Promise<boolean> => {
      if (p.target_type === 'LINK') return !!p.link && /^(https?:\/\/|mailto:)/i.test(p.link);
      if (!p.target_id) return false;
      if (p.target_type === 'HALL') return !!(await db('convention_halls').where({ convention_id: p.convention_id, hall_id: p.target_id }).first('id'));
      if (p.target_type === 'STAGE') return !!(await db('convention_stages').where({ convention_id: p.convention_id, stage_id: p.target_id }).first('stage_id'));
      if (p.target_type === 'STAND') {
        return !!(await db('hall_stands as hs')
          .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
          .where({ 'ch.convention_id': p.convention_id, 'hs.stand_id': p.target_id, 'hs.approved': true, 'hs.stand_accepted': true })
          .first('hs.id'));
      }
      // content pages and content groups are not offered to visitors in the foyer yet
      return false;
    };
    if (!(await exists())) dead.push({ table: 'foyer_points', id: p.id, reason: `${p.target_type} point without an existing target` });
  }
  return dead;
}

/** Which content a stand's reference point shows, by its slug; the product sheets otherwise. */
const GROUP_OF_SLUG: Record<string, string> = {
  produkte: 'demo-produktblaetter',
  'neuheiten-2026': 'demo-produktblaetter',
  broschuere: 'demo-broschuere-2026',
  'service-beratung': 'demo-broschuere-2026',
  imagevideo: 'demo-imagevideo',
};

/**
 * Gives every dead point of the demo a realistic target: reference points the content group their slug names
 * (the product sheets, the brochure, the image video), plain points are removed (a plain point can lead nowhere),
 * foyer points without a target are removed. Returns how many were fixed. Runs last, after the content pool.
 */
export async function fillDemoTargets(trx: Knex, options: { organizationId: string }): Promise<{ fixed: number }> {
  const { organizationId } = options;
  const dead = await deadPoints(trx, organizationId);
  if (dead.length === 0) return { fixed: 0 };
  const groups = new Map(
    ((await trx('content_groups').where({ organization_id: organizationId }).select('id', 'slug')) as { id: string; slug: string }[]).map((g) => [g.slug, g.id]),
  );
  const fallback = groups.get('demo-produktblaetter') ?? [...groups.values()][0];
  for (const point of dead) {
    if (point.table === 'foyer_points') {
      await trx('foyer_points').where({ id: point.id }).delete();
      continue;
    }
    const row = await trx('points').where({ id: point.id }).first('kind', 'slug');
    const group = row.kind === 'REFERENCE' && row.slug ? (groups.get(GROUP_OF_SLUG[row.slug] ?? '') ?? fallback) : undefined;
    if (group) await trx('points').where({ id: point.id }).update({ content_group_id: group });
    else await trx('points').where({ id: point.id }).delete();
  }
  return { fixed: dead.length };
}

/**
 * The demo's remaining pictures (issue 14): a logo for each of the given organisations that has none, a preview
 * for each content group of the demo organisation, a picture for each talk of its stages' programmes (the talk's
 * title on the stage's wall, the speaker at the lectern), and a thumbnail for the recording of the "Predictive
 * Maintenance" talk (the recording with a video link shows that video's picture; the hall tour film keeps the
 * placeholder, so the demo shows both). Rendered a few at a time, stored like uploads.
 */
export async function seedDemoPictures(
  trx: Knex,
  options: { organizationId: string; organizationIds: string[]; storage?: Storage },
): Promise<{ fileIds: string[] }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const organizations = (await trx('organizations').whereIn('id', options.organizationIds).whereNull('avatar_id').select('id', 'name', 'slug')) as {
    id: string;
    name: string;
    slug: string;
  }[];
  const groups = (await trx('content_groups as g')
    .where({ 'g.organization_id': organizationId })
    .whereNull('g.preview_id')
    .select('g.id', 'g.name', 'g.slug', trx.raw(`(select array_agg(distinct o.type) from content_objects o where o.group_id = g.id) as types`))) as {
    id: string;
    name: string;
    slug: string;
    types: string[] | null;
  }[];
  const recordings = (await trx('on_demand_contents as d')
    .join('conventions as c', 'c.id', 'd.convention_id')
    .where({ 'c.organization_id': organizationId, 'd.slug': 'aufzeichnung-predictive-maintenance' })
    .whereNull('d.thumbnail_id')
    .select('d.id', 'd.slug', 'd.title')) as { id: string; slug: string; title: string }[];

  // the programme's talks: the talk's title on the stage's wall, its speaker at the lectern
  const talks = (await trx('schedule_entries as e')
    .join('stages as s', 's.id', 'e.stage_id')
    .join('schedule_entry_translations as t', function on() {
      this.on('t.schedule_entry_id', '=', 'e.id').andOnVal('t.language', '=', 'DE');
    })
    .where({ 's.organization_id': organizationId })
    .whereNull('e.thumbnail_id')
    .orderBy('e.starts_at')
    .select('e.id', 'e.speaker', 't.title')) as { id: string; speaker: string; title: string }[];

  const kindOf = (types: string[] | null) => (types?.includes('PDF') ? 'brochure' : types?.includes('YOUTUBE') || types?.includes('VIMEO') ? 'video' : 'sheet');
  const jobs: (() => Promise<Picture>)[] = [
    ...organizations.map((o) => () => organizationAvatar(o.name)),
    ...groups.map((g) => () => contentPreview(g.name, kindOf(g.types))),
    ...recordings.map((d) => () => onDemandThumbnail(d.title.replace(/^Aufzeichnung:\s*/, ''), 'Prof. Dr. Jürgen Weber · Hauptbühne')),
    ...talks.map((e) => () => onDemandThumbnail(e.title.replace(/^Live:\s*/, ''), e.speaker)),
  ];
  const pictures = await inParallel(jobs, 3);
  const fileIds: string[] = [];
  let next = 0;
  for (const o of organizations) {
    const id = await storePicture(trx, storage, o.id, `logo-${o.slug}`, pictures[next++]!);
    await trx('organizations').where({ id: o.id }).update({ avatar_id: id });
    fileIds.push(id);
  }
  for (const g of groups) {
    const id = await storePicture(trx, storage, organizationId, `vorschau-${g.slug}`, pictures[next++]!);
    await trx('content_groups').where({ id: g.id }).update({ preview_id: id });
    fileIds.push(id);
  }
  for (const d of recordings) {
    const id = await storePicture(trx, storage, organizationId, d.slug, pictures[next++]!);
    await trx('on_demand_contents').where({ id: d.id }).update({ thumbnail_id: id });
    fileIds.push(id);
  }
  for (const e of talks) {
    const id = await storePicture(trx, storage, organizationId, `vortrag-${e.id.slice(0, 8)}`, pictures[next++]!);
    await trx('schedule_entries').where({ id: e.id }).update({ thumbnail_id: id });
    fileIds.push(id);
  }
  return { fileIds };
}
