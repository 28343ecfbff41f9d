import type { BaseStand, Exhibition } from '#db/models/index';
import type { Language } from '~/lib/language';
import { safeHref } from '~/lib/url';
import { textIn } from '~/lib/programme';
import type { ServiceContext } from '../../context.server';
import { exhibitionForVisitor } from './exhibitions';
import { notFound } from './hall-common';
import { organizationSummaryById, stageById, stageTranslations } from './loaders';
import { stageVisit, type StageVisit } from './programme';
import { baseStandById } from './stand-loaders';
import { organizationLegal, organizationLogo, type LegalInfo } from './visit';
import { TOP_BAR_LOGO_WIDTH } from '~/lib/images';
import { videoThumbnailUrl } from './video-thumbnails';

/**
 * What visitors see of an in-house fair (spec 000 point 2: /exhibition/{slug} with its stand, reference points,
 * stage, imprint and privacy pages). Every function starts with exhibitionForVisitor, so the fair's access type
 * (PUBLIC, LOGGED_IN, TOKEN) applies to each page and sub-page alike; only the fair's own stand and stage are
 * reachable through it.
 */

export interface ExhibitionVisit {
  slug: string;
  name: string;
  /** the welcome video link; '' when none */
  video: string;
  /** the welcome video's picture, kept in our storage (null: the player's placeholder) */
  videoThumbnailUrl: string | null;
  /** the video-meeting link (http or https); '' when none */
  meeting: string;
  permissionType: Exhibition['permission_type'];
  /** the organiser's logo (null: the fallback) and its height at TOP_BAR_LOGO_WIDTH.exhibition when its proportions are known */
  organization: { name: string; logoUrl: string | null; logoHeight: number | null };
  /** the fair's stage in the visitor's language (title, description with the other language as fallback) */
  stage: { slug: string; title: string; description: string | null } | null;
  hasStand: boolean;
}

/** The in-house fair for its layout and landing page: name, organiser, video, meeting link, stage; batched loads. */
export async function exhibitionVisit(ctx: ServiceContext, slug: string, language: Language): Promise<ExhibitionVisit> {
  const exhibition = await exhibitionForVisitor(ctx, slug);
  const [organization, logo, stage, stageTexts, videoThumbnail] = await Promise.all([
    organizationSummaryById(ctx).load(exhibition.organization_id),
    organizationLogo(ctx, exhibition.organization_id, TOP_BAR_LOGO_WIDTH.exhibition),
    exhibition.stage_id ? stageById(ctx).load(exhibition.stage_id) : Promise.resolve(null),
    exhibition.stage_id ? stageTranslations(ctx).load(exhibition.stage_id) : Promise.resolve([]),
    videoThumbnailUrl(ctx, exhibition.organization_id, exhibition.video),
  ]);
  return {
    slug: exhibition.slug,
    name: exhibition.name,
    video: exhibition.video,
    videoThumbnailUrl: videoThumbnail,
    meeting: safeHref(exhibition.meeting) ?? '',
    permissionType: exhibition.permission_type,
    organization: { name: organization?.name ?? '', logoUrl: logo?.url ?? null, logoHeight: logo?.height ?? null },
    stage: stage
      ? { slug: stage.slug, title: textIn(stageTexts, language, 'title') ?? stage.title, description: textIn(stageTexts, language, 'description') }
      : null,
    hasStand: Boolean(exhibition.stand_id),
  };
}

/** The fair's stand (null when the organiser has not chosen one). */
export async function exhibitionStand(ctx: ServiceContext, slug: string): Promise<BaseStand | null> {
  const exhibition = await exhibitionForVisitor(ctx, slug);
  return exhibition.stand_id ? baseStandById(ctx).load(exhibition.stand_id) : null;
}

/** The fair's stand for one of its sub-pages (a reference point): NOT_FOUND when the fair has none. */
export async function requiredExhibitionStand(ctx: ServiceContext, slug: string): Promise<BaseStand> {
  const stand = await exhibitionStand(ctx, slug);
  if (!stand) throw notFound(ctx, 'slug');
  return stand;
}

/**
 * /exhibition/{slug}/stage/{stageSlug}: the fair's own stage with its stream and programme; any other stage is
 * NOT_FOUND here, even one that exists (it has its own page at /stage/{slug}).
 */
export async function exhibitionStageVisit(ctx: ServiceContext, slug: string, stageSlug: string, language: Language): Promise<StageVisit> {
  const exhibition = await exhibitionForVisitor(ctx, slug);
  const stage = exhibition.stage_id ? await stageById(ctx).load(exhibition.stage_id) : null;
  if (!stage || stage.slug !== String(stageSlug).toLowerCase()) throw notFound(ctx, 'stageSlug');
  return stageVisit(ctx, { stageSlug: stage.slug }, language);
}

/** Imprint and data policy of the organisation that runs the fair. */
export async function exhibitionLegal(ctx: ServiceContext, slug: string): Promise<LegalInfo> {
  const exhibition = await exhibitionForVisitor(ctx, slug);
  return organizationLegal(ctx, exhibition.organization_id);
}
