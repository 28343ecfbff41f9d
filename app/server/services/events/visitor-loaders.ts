import type { BaseStand, Convention, Exhibition, FoyerPoint, Hall, ImageFoyer, OnDemandContent, Stage } from '#db/models/index';
import DataLoader from 'dataloader';
import { defineLoader, type ServiceContext } from '../../context.server';
import { allTranslationsJson, jsonArray, ownColumns, revived, revivedRows, translationsJson, type JsonRow } from '../json-rows';
import { conventionTranslations, onDemandOfConvention, onDemandTranslations, organizationLogoById, organizationSummaryById, stageById, stageOfConvention, stageTranslations, ORGANIZATION_LOGO_SQL, ORGANIZATION_SUMMARY_JSON, type OrganizationLogo, type OrganizationSummary } from './loaders';
import { baseStandById, FAIRS_JSON, fairsOfStand, foyerByConvention, foyerPointsByFoyer, hallTranslationsByHall, standTranslationsByStand, type StandFair } from './stand-loaders';
import { filesJson, primeFiles } from '../files/files.server';
import { primeVideoThumbnails, videoThumbnailsJson } from './video-thumbnails';
import { LISTED_SQL } from './policy';

/**
 * What visitors open most, read level by level: a convention by slug, then its navigation, then (stand-loaders.ts)
 * a hall's stands and a stand's views. Each level is one SQL statement whatever the number of halls, stands, talks
 * or points: it reads the level's rows with their related rows as JSON and primes the per-relation loaders that
 * the services' rules read (translations, organisations, fairs ...), so those rules cost no statement of their own.
 * Everything stays per request (loaders live in the service context): nothing is shared between viewers.
 */

const STAGE_SQL = `(select to_jsonb(s.*) || jsonb_build_object('_translations', ${translationsJson('stage_translations', 'stage_id', 's.id')})
  from convention_stages cs join stages s on s.id = cs.stage_id where cs.convention_id = c.id limit 1)`;
const ON_DEMAND_SQL = jsonArray(
  `to_jsonb(d.*) || jsonb_build_object('_translations', ${translationsJson('on_demand_content_translations', 'on_demand_content_id', 'd.id')})`,
  'from on_demand_contents d where d.convention_id = c.id',
  'd.created_at, d.id',
);
const CONVENTION_FILES_SQL = filesJson(`select c.header_image_id
  union all select s.thumbnail_id from convention_stages cs join stages s on s.id = cs.stage_id where cs.convention_id = c.id
  union all select d.thumbnail_id from on_demand_contents d where d.convention_id = c.id`);

/** What a visitor page shows of the organiser (summary, logo, kept video pictures), read along as columns of `o`. */
const organizerColumns = (ctx: ServiceContext) => [
  ctx.db.raw(`${ORGANIZATION_SUMMARY_JSON} as _organization`),
  ctx.db.raw(`${ORGANIZATION_LOGO_SQL} as _logo`),
  ctx.db.raw(`${videoThumbnailsJson('o.id')} as _video_thumbnails`),
];

/** Primes the organiser's loaders from a row read with organizerColumns. */
function primeOrganizer(ctx: ServiceContext, organizationId: string, row: JsonRow): void {
  organizationSummaryById(ctx).prime(organizationId, row._organization as OrganizationSummary);
  organizationLogoById(ctx).prime(organizationId, (row._logo as OrganizationLogo | null) ?? null);
  primeVideoThumbnails(ctx, organizationId, row._video_thumbnails);
}

/**
 * Conventions by slug with their texts, organiser (public summary and logo), the organiser's kept video pictures,
 * the stage with its texts, the on-demand content and the pictures of all of them. conventionBySlug reads through
 * it, so the guards and loaders of one page (or the fields of one GraphQL query) share one statement.
 */
export const conventionBySlugLoader = defineLoader(
  (ctx) =>
    new DataLoader<string, Convention | null>(async (slugs) => {
      const db = ctx.db;
      const rows: JsonRow[] = await db('conventions as c')
        .join('organizations as o', 'o.id', 'c.organization_id')
        .whereIn('c.slug', slugs as string[])
        .select(
          'c.*',
          db.raw(`${translationsJson('convention_translations', 'convention_id', 'c.id')} as _translations`),
          ...organizerColumns(ctx),
          db.raw(`${STAGE_SQL} as _stage`),
          db.raw(`${ON_DEMAND_SQL} as _on_demand`),
          db.raw(`${CONVENTION_FILES_SQL} as _files`),
        );
      const bySlug = new Map<string, Convention>();
      for (const row of rows) {
        const convention = ownColumns<Convention>(row);
        bySlug.set(convention.slug, convention);
        conventionTranslations(ctx).prime(convention.id, row._translations as never);
        primeOrganizer(ctx, convention.organization_id, row);
        const stageJson = row._stage as JsonRow | null;
        const stage = stageJson ? revived<Stage>(ownColumns(stageJson)) : null;
        stageOfConvention(ctx).prime(convention.id, stage);
        if (stage) stageTranslations(ctx).prime(stage.id, stageJson!._translations as never);
        const onDemand = revivedRows<JsonRow>(row._on_demand);
        onDemandOfConvention(ctx).prime(convention.id, onDemand.map((item) => ownColumns<OnDemandContent>(item)));
        for (const item of onDemand) onDemandTranslations(ctx).prime(String(item.id), item._translations as never);
        primeFiles(ctx, row._files);
      }
      return slugs.map((slug) => bySlug.get(slug) ?? null);
    }),
);

/** A listed stand an image-foyer point leads to (in one of the convention's halls). */
export interface FoyerStandRecord {
  stand_id: string;
  organization_id: string;
  slug: string;
  hall_slug: string;
  name: string;
}

/** A content page a foyer point leads to (issue 16): enough for the visit rule and the link; names by language. */
export interface FoyerPageRecord {
  id: string;
  slug: string;
  state: 'PRIVATE' | 'PUBLISHED' | 'UNPUBLISHED';
  organization_id: string;
  names: Partial<Record<string, string>> | null;
}

/** A content group (the old content pool) a foyer point leads to: visitors open it at /old/content/{slug}. */
export interface FoyerGroupRecord {
  id: string;
  slug: string;
  name: string;
}

/** What the convention layout shows around every visitor page of a convention. */
export interface ConventionNavigationRecord {
  /** in the convention's order */
  halls: Hall[];
  foyer: ImageFoyer | null;
  foyerPoints: FoyerPoint[];
  /** the listed stands the foyer's points lead to, in the convention's order of halls and stands */
  foyerStands: FoyerStandRecord[];
  /** the content pages the foyer's points lead to */
  foyerPages: FoyerPageRecord[];
  /** the content groups the foyer's points lead to */
  foyerGroups: FoyerGroupRecord[];
  /** the convention's help content page (helpContentpage), for the help links; null when none */
  helpContentPage: FoyerPageRecord | null;
}

const HALLS_SQL = jsonArray(
  `to_jsonb(h.*) || jsonb_build_object('_translations', ${allTranslationsJson('hall_translations', 'hall_id', 'h.id')})`,
  'from halls h join convention_halls ch on ch.hall_id = h.id where ch.convention_id = c.id',
  'ch.order, h.name',
);
const FOYER_SQL = `(select to_jsonb(f.*) || jsonb_build_object('_points', ${jsonArray('to_jsonb(p.*)', 'from foyer_points p where p.foyer_id = f.id', 'p.created_at')})
  from image_foyers f where f.convention_id = c.id)`;
const FOYER_PAGES_SQL = jsonArray(
  `json_build_object('id', cp.id, 'slug', cp.slug, 'state', cp.state, 'organization_id', cp.organization_id,
     'names', (select json_object_agg(t.language, t.name) from content_page_translations t where t.page_id = cp.id))`,
  `from content_pages cp where cp.id in
     (select p.target_id from foyer_points p join image_foyers f on f.id = p.foyer_id where f.convention_id = c.id and p.target_type = 'CONTENTPAGE')`,
  'cp.slug',
);
const FOYER_GROUPS_SQL = jsonArray(
  `json_build_object('id', g.id, 'slug', g.slug, 'name', g.name)`,
  `from content_groups g where g.id in
     (select p.target_id from foyer_points p join image_foyers f on f.id = p.foyer_id where f.convention_id = c.id and p.target_type = 'CONTENT')`,
  'g.slug',
);
const HELP_PAGE_SQL = `(select json_build_object('id', cp.id, 'slug', cp.slug, 'state', cp.state, 'organization_id', cp.organization_id, 'names', null)
  from content_pages cp where cp.id = c.help_content_page_id)`;
const NAVIGATION_FILES_SQL = filesJson(`select h.thumbnail_id from halls h join convention_halls ch on ch.hall_id = h.id where ch.convention_id = c.id
  union all select f.image_id from image_foyers f where f.convention_id = c.id`);
const FOYER_STANDS_SQL = jsonArray(
  `json_build_object('stand_id', hs.stand_id, 'organization_id', s.organization_id, 'slug', hs.slug, 'hall_slug', h.slug, 'name', s.name, '_fairs', ${FAIRS_JSON})`,
  `from hall_stands hs join convention_halls ch on ch.hall_id = hs.hall_id join halls h on h.id = hs.hall_id join base_stands s on s.id = hs.stand_id
   where ch.convention_id = c.id and ${LISTED_SQL('hs')} and hs.stand_id in
     (select p.target_id from foyer_points p join image_foyers f on f.id = p.foyer_id where f.convention_id = c.id and p.target_type = 'STAND')`,
  'ch.order, hs.order',
);

/**
 * The navigation of conventions by id (the stage and on-demand content come with the convention): halls with their
 * texts, the image foyer with its points and the listed stands they lead to (with those stands' in-house fairs, for
 * their access rules), and the pictures of halls and foyer. No access check: callers check the convention first.
 */
export const conventionNavigation = defineLoader(
  (ctx) =>
    new DataLoader<string, ConventionNavigationRecord>(async (conventionIds) => {
      const db = ctx.db;
      const rows: JsonRow[] = await db('conventions as c')
        .whereIn('c.id', conventionIds as string[])
        .select(
          'c.id',
          db.raw(`${HALLS_SQL} as halls`),
          db.raw(`${FOYER_SQL} as foyer`),
          db.raw(`${FOYER_STANDS_SQL} as foyer_stands`),
          db.raw(`${FOYER_PAGES_SQL} as foyer_pages`),
          db.raw(`${FOYER_GROUPS_SQL} as foyer_groups`),
          db.raw(`${HELP_PAGE_SQL} as help_content_page`),
          db.raw(`${NAVIGATION_FILES_SQL} as files`),
        );
      const byId = new Map(rows.map((row) => [String(row.id), navigationOf(ctx, String(row.id), row)]));
      return conventionIds.map((id) => byId.get(id) ?? emptyNavigation());
    }),
);

const emptyNavigation = (): ConventionNavigationRecord => ({ halls: [], foyer: null, foyerPoints: [], foyerStands: [], foyerPages: [], foyerGroups: [], helpContentPage: null });

function navigationOf(ctx: ServiceContext, conventionId: string, row: JsonRow): ConventionNavigationRecord {
  const halls = (row.halls as JsonRow[]).map((json) => {
    const hall = revived<Hall>(ownColumns(json));
    hallTranslationsByHall(ctx).prime(hall.id, revivedRows(json._translations));
    return hall;
  });
  const foyerJson = row.foyer as JsonRow | null;
  const foyer = foyerJson ? revived<ImageFoyer>(ownColumns(foyerJson)) : null;
  const foyerPoints = foyerJson ? revivedRows<FoyerPoint>(foyerJson._points) : [];
  foyerByConvention(ctx).prime(conventionId, foyer);
  if (foyer) foyerPointsByFoyer(ctx).prime(foyer.id, foyerPoints);
  const foyerStands = (row.foyer_stands as JsonRow[]).map((json) => {
    fairsOfStand(ctx).prime(String(json.stand_id), json._fairs as StandFair[]);
    return ownColumns<FoyerStandRecord>(json);
  });
  primeFiles(ctx, row.files);
  return { halls, foyer, foyerPoints, foyerStands, foyerPages: row.foyer_pages as FoyerPageRecord[], foyerGroups: row.foyer_groups as FoyerGroupRecord[],
    helpContentPage: (row.help_content_page as FoyerPageRecord | null) ?? null,
  };
}

/**
 * In-house fairs by slug with their organiser (summary, logo, kept video pictures), their stage with its texts and
 * their stand with its texts: exhibitionForVisitor reads through it, so every page of a fair starts with one
 * statement.
 */
export const exhibitionBySlugLoader = defineLoader(
  (ctx) =>
    new DataLoader<string, Exhibition | null>(async (slugs) => {
      const db = ctx.db;
      const rows: JsonRow[] = await db('exhibitions as x')
        .join('organizations as o', 'o.id', 'x.organization_id')
        .whereIn('x.slug', slugs as string[])
        .select(
          'x.*',
          ...organizerColumns(ctx),
          db.raw(`(select to_jsonb(s.*) from stages s where s.id = x.stage_id) as _stage`),
          db.raw(`${translationsJson('stage_translations', 'stage_id', 'x.stage_id')} as _stage_translations`),
          db.raw(`(select to_jsonb(b.*) from base_stands b where b.id = x.stand_id) as _stand`),
          db.raw(`${allTranslationsJson('stand_translations', 'stand_id', 'x.stand_id')} as _stand_translations`),
        );
      const bySlug = new Map<string, Exhibition>();
      for (const row of rows) {
        const exhibition = ownColumns<Exhibition>(row);
        bySlug.set(exhibition.slug, exhibition);
        primeOrganizer(ctx, exhibition.organization_id, row);
        if (exhibition.stage_id) {
          stageById(ctx).prime(exhibition.stage_id, row._stage ? revived<Stage>(row._stage as JsonRow) : null);
          stageTranslations(ctx).prime(exhibition.stage_id, row._stage_translations as never);
        }
        if (exhibition.stand_id) {
          baseStandById(ctx).prime(exhibition.stand_id, row._stand ? revived<BaseStand>(row._stand as JsonRow) : null);
          standTranslationsByStand(ctx).prime(exhibition.stand_id, revivedRows(row._stand_translations));
        }
      }
      return slugs.map((slug) => bySlug.get(slug) ?? null);
    }),
);
