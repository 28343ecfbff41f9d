import { Convention, ConventionTranslation, Exhibition, Hall, HallStand, HallTranslation } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { AccessObject, PathObject, ProtectedKind } from '../access/types';
import { isReachable } from './policy';

/**
 * The events domain's protected kinds (spec 001 point 6): conventions, halls and in-house fairs carry an access type;
 * their keys and permissions are managed by the event team. The visitor paths [/prev/{p}]/convention/{c}[/hall/{h}
 * [/stand/{s}/...]] and /exhibition/{e}/... name them.
 */

type Row = AccessObject & { slug: string; title?: string; name?: string };

async function titled(ctx: ServiceContext, kind: 'convention' | 'hall' | 'exhibition', row: Row): Promise<PathObject> {
  const own = row.title ?? row.name ?? row.slug;
  const texts = kind === 'convention' ? ConventionTranslation : kind === 'hall' ? HallTranslation : null;
  // the kinds are declared below the events services (the access module reads them), so plain queries, no loaders
  const translations: { language: string; title: string | null }[] = texts
    ? await ctx.db(texts.tableName).where({ [texts.parentColumn]: row.id }).orderBy('language').select('language', 'title')
    : [];
  const text = (translations.find((tr) => tr.language === ctx.language) ?? translations[0])?.title;
  return { kind, id: row.id, organization_id: row.organization_id, permission_type: row.permission_type, slug: row.slug, title: text || own };
}

/**
 * /convention/{c}[/hall/{h}[/stand/{s}]]: the convention, the hall it shows, and the in-house fairs whose stand the
 * hall lists (or names by its preview slug): the stand's own access rules, so a key of one of them opens it there.
 */
async function conventionPath(ctx: ServiceContext, segments: string[], previewSlug: string | undefined): Promise<PathObject[] | null> {
  const [slug, child, childSlug, grandchild, grandchildSlug] = segments;
  if (!slug) return null;
  const convention = await ctx.db('conventions').where({ slug }).first('id', 'organization_id', 'permission_type', 'slug', 'title');
  if (!convention) return null;
  const objects = [await titled(ctx, 'convention', convention)];
  if (child !== 'hall' || !childSlug) return objects;
  const hall = await ctx
    .db('halls as h')
    .join('convention_halls as ch', 'ch.hall_id', 'h.id')
    .where({ 'ch.convention_id': convention.id, 'h.slug': childSlug })
    .first('h.id', 'h.organization_id', 'h.permission_type', 'h.slug', 'h.name');
  if (!hall) return null;
  objects.push(await titled(ctx, 'hall', hall));
  if (grandchild === 'stand' && grandchildSlug) {
    // only a stand its organisation agreed to show here, and that is listed or named by its preview slug
    const hallStand = await HallStand.query(ctx.db)
      .findOne({ hall_id: hall.id, slug: grandchildSlug })
      .select('stand_id', 'approved', 'stand_accepted', 'preview_slug');
    const shown = hallStand && isReachable(hallStand, previewSlug) ? hallStand : null;
    const fairs: Row[] = shown
      ? await ctx.db('exhibitions').where({ stand_id: shown.stand_id }).orderBy(['created_at', 'id']).select('id', 'organization_id', 'permission_type', 'slug', 'name')
      : [];
    for (const fair of fairs) objects.push(await titled(ctx, 'exhibition', fair));
  }
  return objects;
}

async function exhibitionPath(ctx: ServiceContext, segments: string[]): Promise<PathObject[] | null> {
  const exhibition = segments[0]
    ? await ctx.db('exhibitions').where({ slug: segments[0] }).first('id', 'organization_id', 'permission_type', 'slug', 'name')
    : undefined;
  return exhibition ? [await titled(ctx, 'exhibition', exhibition)] : null;
}

export const conventionKind: ProtectedKind<'convention'> = {
  kind: 'convention',
  table: 'conventions',
  model: Convention,
  accessColumn: 'permission_type',
  titleColumn: 'title',
  permissionColumn: 'convention_id',
  feature: 'event',
  tokenField: 'conventionId',
  visitorPath: (slug) => `/convention/${encodeURIComponent(slug)}`,
  path: { roots: ['convention'], objects: conventionPath },
};

export const hallKind: ProtectedKind<'hall'> = {
  kind: 'hall',
  table: 'halls',
  model: Hall,
  accessColumn: 'permission_type',
  titleColumn: 'name',
  permissionColumn: 'hall_id',
  feature: 'event',
  tokenField: 'hallId',
  // a hall is visited inside a convention; its own page is the hall builder's preview
  visitorPath: (slug) => `/hall/builder/${encodeURIComponent(slug)}`,
};

export const exhibitionKind: ProtectedKind<'exhibition'> = {
  kind: 'exhibition',
  table: 'exhibitions',
  model: Exhibition,
  accessColumn: 'permission_type',
  titleColumn: 'name',
  permissionColumn: 'exhibition_id',
  feature: 'event',
  tokenField: 'exhibitionId',
  visitorPath: (slug) => `/exhibition/${encodeURIComponent(slug)}`,
  path: { roots: ['exhibition'], objects: (ctx, segments) => exhibitionPath(ctx, segments) },
};
