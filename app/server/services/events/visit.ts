import type { BaseStand, Convention, Hall } from '#db/models/index';
import { conventionStatus, type ConventionStatus } from '~/lib/events';
import { heightAtWidth, TOP_BAR_LOGO_WIDTH } from '~/lib/images';
import type { Language } from '~/lib/language';
import type { ServiceContext } from '../../context.server';
import { safeHref } from '~/lib/url';
import { fileUrl } from '../files/files.server';
import { conventionBySlug, pickTranslation } from './conventions';
import { conventionHall, visibleConvention } from './halls';
import { isDenied } from '../access/index';
import { standAccess } from './access';
import { conventionStand, readableHallStands } from './hall-stands';
import { conventionTranslations, onDemandOfConvention, organizationLogoById, organizationSummaryById, stageOfConvention, stageTranslations } from './loaders';
import { isListed } from './policy';
import { baseStandById, hallTranslationsByHall, standMarkedByViewer, standTranslationsByStand } from './stand-loaders';
import { videoThumbnailUrl } from './video-thumbnails';
import { conventionNavigation, type ConventionNavigationRecord } from './visitor-loaders';
import { mayShowLinkedPage } from '../content-pages/policy';
import { linkedPageView, type LinkedPageView } from '../content-pages/pages';
import { isMember } from '../access/membership';

/**
 * What visitors see of a convention, its halls and stands (spec 000 points 2 and 4): the service side of the
 * convention layout and its pages. Access rules come from the services it calls (conventionBySlug,
 * conventionHall, conventionStand), so the pages and GraphQL share them.
 */

export interface VisitLink {
  slug: string;
  title: string;
}

export interface FoyerPointVisit {
  id: string;
  x: number;
  y: number;
  /** a path inside the convention, or an external link */
  href: string;
  external: boolean;
  label: string;
}

export type FoyerVisit = { imageUrl: string; points: FoyerPointVisit[] } | null;

export interface ConventionVisit {
  id: string;
  slug: string;
  title: string;
  description: string;
  status: ConventionStatus;
  active: boolean;
  permissionType: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';
  startDate: string | null;
  endDate: string | null;
  video: string;
  /** the welcome video's picture, kept in our storage (null: the player's placeholder) */
  videoThumbnailUrl: string | null;
  organization: { name: string; supportUrl: string };
  /** the convention has a shop (issue 31): its top bar shows the cart button */
  shop: boolean;
  /** the organiser's logo (its avatar until personalizations exist); null shows the fallback logo */
  logoUrl: string | null;
  /** the logo's height at the top bar's width (TOP_BAR_LOGO_WIDTH) by its proportions (null: unknown, the bar's own height is used) */
  logoHeight: number | null;
  /** null while the convention is inactive (outsiders see only its title, text and dates) */
  navigation: {
    halls: (VisitLink & { thumbnailUrl: string | null })[];
    stages: VisitLink[];
    onDemand: { id: string; title: string }[];
    foyer: FoyerVisit;
    helpPage: string;
    /** where the help links lead: /convention/{c}/help/{helpSlug} (ConventionInfo.helpSlug); null: no help page */
    helpSlug: string | null;
  } | null;
  /**
   * An inactive convention's content page (conventions.content_page_id, published), shown to outsiders instead of
   * the event (spec 000 point 4; issue 16); null: the inactive notice.
   */
  inactivePage: LinkedPageView | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The organiser's logo as a visitor page's top bar shows it. */
export interface VisitLogo {
  url: string;
  height: number | null;
}

/**
 * The organiser's logo on a visitor page's top bar, shown at `width` CSS pixels: its address and the height that
 * keeps the picture's proportions there (heightAtWidth). Null (no public avatar) shows the fallback logo.
 */
export async function organizationLogo(ctx: ServiceContext, organizationId: string, width: number = TOP_BAR_LOGO_WIDTH.convention): Promise<VisitLogo | null> {
  const logo = await organizationLogoById(ctx).load(organizationId);
  if (!logo) return null;
  return { url: fileUrl({ id: logo.id }), height: heightAtWidth(width, logo) };
}

function hallTitle(hall: Hall, translations: { language: Language; title: string }[], language: Language): string {
  return translations.find((tr) => tr.language === language)?.title || hall.name;
}

/**
 * Where each foyer point leads: a hall, a stand listed in one of the convention's halls (and readable by the
 * viewer under its own access rules), its stage or an external link.
 */
async function foyerVisit(
  ctx: ServiceContext,
  convention: Convention,
  navigation: ConventionNavigationRecord,
  halls: (VisitLink & { id: string })[],
  stages: (VisitLink & { id: string })[],
  t: (key: string, values?: Record<string, string>) => string,
): Promise<FoyerVisit> {
  if (convention.navigation_mode !== 'IMAGE_FOYER') return null;
  const { foyer, foyerPoints: points, foyerStands: listedRows, foyerPages, foyerGroups } = navigation;
  if (!foyer?.image_id) return null;
  const base = `/convention/${convention.slug}`;
  const access = await Promise.all(listedRows.map((r) => standAccess(ctx, { id: r.stand_id, organization_id: r.organization_id })));
  const standRows = listedRows.filter((_, i) => !isDenied(access[i]));
  const visits: FoyerPointVisit[] = [];
  for (const p of points) {
    const at = { id: p.id, x: Number(p.x), y: Number(p.y) };
    const link = p.target_type === 'LINK' ? safeHref(p.link) : undefined;
    if (link) {
      // a web address is named by its host, a mailto: link by its address
      const url = new URL(link);
      const host = url.host || url.pathname;
      visits.push({ ...at, href: link, external: true, label: t('visitor:foyer.externalLink', { host }) });
    } else if (p.target_type === 'HALL') {
      const hall = halls.find((h) => h.id === p.target_id);
      if (hall) visits.push({ ...at, href: `${base}/hall/${hall.slug}`, external: false, label: t('visitor:foyer.hall', { title: hall.title }) });
    } else if (p.target_type === 'STAGE') {
      const stage = stages.find((s) => s.id === p.target_id);
      if (stage) visits.push({ ...at, href: `${base}/stage/${stage.slug}`, external: false, label: t('visitor:foyer.stage', { title: stage.title }) });
    } else if (p.target_type === 'STAND') {
      const row = standRows.find((r) => r.stand_id === p.target_id);
      if (row) visits.push({ ...at, href: `${base}/hall/${row.hall_slug}/stand/${row.slug}`, external: false, label: t('visitor:foyer.stand', { title: row.name }) });
    } else if (p.target_type === 'CONTENTPAGE') {
      // a published page (its editors see every state) opens inside the convention (issue 16)
      const page = foyerPages.find((cp) => cp.id === p.target_id);
      if (page && mayShowLinkedPage(ctx.viewer, page)) {
        const title = page.names?.[ctx.language] ?? Object.values(page.names ?? {})[0] ?? page.slug;
        visits.push({ ...at, href: `${base}/content/${page.slug}`, external: false, label: t('visitor:foyer.contentPage', { title }) });
      }
    } else if (p.target_type === 'CONTENT') {
      // a content group of the old content pool opens at its visitor address, whose access type applies there
      const group = foyerGroups.find((g) => g.id === p.target_id);
      if (group) visits.push({ ...at, href: `/old/content/${group.slug}`, external: false, label: t('visitor:foyer.contentGroup', { title: group.name }) });
    }
  }
  return { imageUrl: fileUrl({ id: foyer.image_id }), points: visits };
}

/**
 * conventionBySlug for the convention layout: the convention in the visitor's language with its navigation
 * (halls, stage, on-demand content, image foyer). Its access type applies (PERMISSION_DENIED / NOT_FOUND); an
 * inactive convention shows outsiders only its title, text and dates.
 */
export async function conventionVisit(ctx: ServiceContext, slug: string, language: Language, now = new Date()): Promise<ConventionVisit> {
  const convention = await conventionBySlug(ctx, slug);
  const [translations, organization, logo, videoThumbnail] = await Promise.all([
    conventionTranslations(ctx).load(convention.id),
    organizationSummaryById(ctx).load(convention.organization_id),
    organizationLogo(ctx, convention.organization_id),
    videoThumbnailUrl(ctx, convention.organization_id, convention.video),
  ]);
  const text = pickTranslation(translations, language);
  const visit: ConventionVisit = {
    id: convention.id,
    slug: convention.slug,
    title: text?.title || convention.title,
    description: text?.description ?? '',
    status: conventionStatus({ active: convention.active, startDate: convention.start_date, endDate: convention.end_date }, now),
    active: convention.active,
    permissionType: convention.permission_type,
    startDate: iso(convention.start_date),
    endDate: iso(convention.end_date),
    video: convention.video,
    videoThumbnailUrl: videoThumbnail,
    organization: { name: organization?.name ?? '', supportUrl: organization?.support_url ?? '' },
    shop: convention.shop,
    logoUrl: logo?.url ?? null,
    logoHeight: logo?.height ?? null,
    navigation: null,
    inactivePage: null,
  };
  if (!convention.active && !isMember(ctx.viewer, convention.organization_id)) {
    visit.inactivePage = await linkedPageView(ctx, convention.content_page_id, language);
    return visit;
  }

  // the stage and on-demand content came with the convention (visitor-loaders.ts)
  const [navigation, stage, onDemand] = await Promise.all([
    conventionNavigation(ctx).load(convention.id),
    stageOfConvention(ctx).load(convention.id),
    onDemandOfConvention(ctx).load(convention.id),
  ]);
  // the help links (ConventionInfo.helpSlug): the help content page when the viewer may see it, else the help text
  const helpRef = navigation.helpContentPage;
  const helpSlug =
    helpRef && mayShowLinkedPage(ctx.viewer, helpRef) ? helpRef.slug : convention.help_page.trim() ? convention.slug : null;
  const hallRows = navigation.halls;
  const [hallTexts, stageTexts] = await Promise.all([
    hallTranslationsByHall(ctx).loadMany(hallRows.map((h) => h.id)),
    stage ? stageTranslations(ctx).load(stage.id) : Promise.resolve([]),
  ]);
  const halls = hallRows.map((hall, i) => {
    const texts = hallTexts[i];
    return {
      id: hall.id,
      slug: hall.slug,
      title: hallTitle(hall, texts instanceof Error || !texts ? [] : texts, language),
      thumbnailUrl: hall.thumbnail_id ? fileUrl({ id: hall.thumbnail_id }) : null,
    };
  });
  const stages = stage ? [{ id: stage.id, slug: stage.slug, title: pickTranslation(stageTexts, language)?.title || stage.title }] : [];
  visit.navigation = {
    halls: halls.map(({ id: _id, ...h }) => h),
    stages: stages.map(({ id: _id, ...s }) => s),
    onDemand: onDemand.map((o) => ({ id: o.id, title: o.title })),
    foyer: await foyerVisit(ctx, convention, navigation, halls, stages, ctx.t),
    helpPage: convention.help_page,
    helpSlug,
  };
  return visit;
}

export interface StandCard {
  slug: string;
  name: string;
  title: string;
  thumbnailUrl: string | null;
}

export interface HallVisit {
  slug: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  /** listed stands the visitor may read, in their order: the hall page and the hall tour */
  stands: StandCard[];
}

/** fetchConventionHall for visitors: the hall in the visitor's language with its listed stands in order. */
export async function hallVisit(ctx: ServiceContext, conventionSlug: string, hallSlug: string, language: Language): Promise<HallVisit> {
  const { hall } = await conventionHall(ctx, conventionSlug, hallSlug);
  const [texts, stands] = await Promise.all([hallTranslationsByHall(ctx).load(hall.id), readableHallStands(ctx, hall.id)]);
  const standTexts = await standTranslationsByStand(ctx).loadMany(stands.map((s) => s.stand.id));
  const text = texts.find((tr) => tr.language === language);
  return {
    slug: hall.slug,
    title: text?.title || hall.name,
    description: text?.description ?? '',
    thumbnailUrl: hall.thumbnail_id ? fileUrl({ id: hall.thumbnail_id }) : null,
    stands: stands.map(({ hallStand, stand }, i) => {
      const own = standTexts[i];
      const title = own && !(own instanceof Error) ? own.find((tr) => tr.language === language)?.title : undefined;
      return {
        slug: hallStand.slug,
        name: stand.name,
        title: title || stand.name,
        thumbnailUrl: hallStand.thumbnail_id ? fileUrl({ id: hallStand.thumbnail_id }) : null,
      };
    }),
  };
}

/**
 * A stand in a hall of a convention (listed, or previewed by its preview slug, or seen by the host or the
 * exhibitor; its own access rules apply). `approved`: it is listed (both sides agreed); `marked`: the viewer marked it
 * (issue 27; read with the hall's stands, no statement of its own).
 */
export async function standVisit(
  ctx: ServiceContext,
  args: { conventionSlug: string; hallSlug: string; standSlug: string; previewSlug?: string | null },
): Promise<{ stand: BaseStand; approved: boolean; hallStandId: string; marked: boolean }> {
  const { hallStand } = await conventionStand(ctx, args);
  const [stand, marked] = await Promise.all([baseStandById(ctx).load(hallStand.stand_id), standMarkedByViewer(ctx).load(hallStand.id)]);
  if (!stand) throw new Error(`hall stand ${hallStand.id} has no base stand`);
  return { stand, approved: isListed(hallStand), hallStandId: hallStand.id, marked };
}

export interface LegalInfo {
  organizationName: string;
  imprint: string;
  dataPrivacy: string;
  dataPrivacyUrl: string;
}

/** The imprint and data policy an organisation provides (empty strings when it has none). */
export async function organizationLegal(ctx: ServiceContext, organizationId: string): Promise<LegalInfo> {
  const org = await ctx.db('organizations').where({ id: organizationId }).first('name', 'imprint', 'data_privacy', 'data_privacy_url');
  return {
    organizationName: org?.name ?? '',
    imprint: org?.imprint ?? '',
    dataPrivacy: org?.data_privacy ?? '',
    dataPrivacyUrl: org?.data_privacy_url ?? '',
  };
}

/**
 * Imprint and data policy of what the visitor looks at: the host's for the convention and its halls, the
 * exhibitor's for a stand.
 */
export async function legalInfo(
  ctx: ServiceContext,
  args: { conventionSlug: string; hallSlug?: string; standSlug?: string; previewSlug?: string | null },
): Promise<LegalInfo> {
  if (args.hallSlug && args.standSlug) {
    const { stand } = await standVisit(ctx, { conventionSlug: args.conventionSlug, hallSlug: args.hallSlug, standSlug: args.standSlug, previewSlug: args.previewSlug });
    return organizationLegal(ctx, stand.organization_id);
  }
  if (args.hallSlug) {
    const { hall } = await conventionHall(ctx, args.conventionSlug, args.hallSlug);
    return organizationLegal(ctx, hall.organization_id);
  }
  const convention = await visibleConvention(ctx, args.conventionSlug);
  return organizationLegal(ctx, convention.organization_id);
}
