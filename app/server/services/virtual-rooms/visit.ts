import { VirtualRoom, type Language, type VirtualRoomPano } from '#db/models/index';
import { IMAGE_WIDTHS } from '~/lib/images';
import { safeHref } from '~/lib/url';
import type {
  InfoPointView,
  NavPointView,
  PanoView,
  RoomIconView,
  RoomPicture,
  RoomSetup,
  RoomView,
  TourStepView,
} from '~/lib/virtual-rooms/view';
import type { ServiceContext } from '../../context.server';
import { accessState, assertAccess, type AccessState } from '../access/index';
import { isMember } from '../access/membership';
import { iconUrl } from '../content/icons';
import { fileById, fileUrl } from '../files/files.server';
import { LISTED_SQL } from '../events/policy';
import {
  infoPointsOfRoom,
  navPointsOfRoom,
  panoInitialView,
  panosOfRoom,
  roomInitialView,
  roomNotFound,
  stepsOfRoom,
} from './common';
import { primeRoomTexts, roomItemTexts, textInLanguage } from './texts';

/**
 * What visitors get of a room (spec 000 point 2 `/virtual-room/{slug}`, `/standalone-room/{slug}`, the stand's
 * `/vr/{rpslug}`, a convention in room mode): the access check first (PERMISSION_DENIED sends logged-out visitors to
 * /login?next and logged-in ones to /token?next), then the RoomView of app/lib/virtual-rooms/view.ts built with a
 * fixed number of statements whatever the number of panos and points.
 */

/** The largest scaled variant a phone needs (issue 17: at most 2048 px wide). */
const PHONE_MAX_WIDTH = 2048;
const POSTER_MAX_WIDTH = 1024;

export function roomPicture(fileId: string, width: number, height: number): RoomPicture {
  const url = fileUrl({ id: fileId });
  const sizes = IMAGE_WIDTHS.filter((w) => w < width && w <= PHONE_MAX_WIDTH).map((w) => ({ width: w, url: `${url}?w=${w}` }));
  const posterWidth = [...IMAGE_WIDTHS].reverse().find((w) => w <= POSTER_MAX_WIDTH && w < width);
  return { url, width, height, sizes, poster: posterWidth ? `${url}?w=${posterWidth}` : url };
}

/** The room as the access rule reads it (its access type under the common name). */
const asObject = (room: Pick<VirtualRoom, 'id' | 'organization_id' | 'access_type'>) => ({ id: room.id, organization_id: room.organization_id, permission_type: room.access_type });

/** The viewer's standing towards the room (the access module's rule, kind 'room'). */
export function visitorRoomAccess(ctx: ServiceContext, room: Pick<VirtualRoom, 'id' | 'organization_id' | 'access_type'>): Promise<AccessState> {
  return accessState(ctx, 'room', asObject(room));
}

/** PERMISSION_DENIED when the room's access type refuses the viewer. */
export function assertRoomAccess(ctx: ServiceContext, room: Pick<VirtualRoom, 'id' | 'organization_id' | 'access_type'>): Promise<void> {
  return assertAccess(ctx, 'room', asObject(room));
}

interface TitleRow {
  id: string;
  title: string;
  href: string | null;
}

/** Titles and visitor addresses of the halls, hall stands, stages and conventions the nav points lead to (4 statements at most). */
async function destinationTitles(ctx: ServiceContext, ids: { halls: string[]; hallStands: string[]; stages: string[]; conventions: string[] }, language: Language) {
  const db = ctx.db;
  const rows = async (ids: string[], sql: string): Promise<Map<string, TitleRow>> => {
    if (!ids.length) return new Map();
    const { rows } = (await db.raw(sql, [language, ids])) as { rows: TitleRow[] };
    return new Map(rows.map((r) => [r.id, r]));
  };
  const firstConvention = (hallColumn: string) =>
    `(select c.slug from convention_halls ch join conventions c on c.id = ch.convention_id where ch.hall_id = ${hallColumn} order by c.created_at, c.id limit 1)`;
  const [halls, hallStands, stages, conventions] = await Promise.all([
    rows(
      ids.halls,
      `select h.id, coalesce(nullif((select tr.title from hall_translations tr where tr.hall_id = h.id and tr.language = ?), ''), h.name) as title,
         '/convention/' || ${firstConvention('h.id')} || '/hall/' || h.slug as href
       from halls h where h.id = any(?)`,
    ),
    rows(
      ids.hallStands,
      `select hs.id, coalesce(nullif((select tr.title from stand_translations tr where tr.stand_id = s.id and tr.language = ?), ''), s.name) as title,
         case when ${LISTED_SQL('hs')} then '/convention/' || ${firstConvention('h.id')} || '/hall/' || h.slug || '/stand/' || hs.slug end as href
       from hall_stands hs join halls h on h.id = hs.hall_id join base_stands s on s.id = hs.stand_id where hs.id = any(?)`,
    ),
    rows(
      ids.stages,
      `select st.id, coalesce(nullif((select tr.title from stage_translations tr where tr.stage_id = st.id and tr.language = ?), ''), st.title) as title,
         '/convention/' || (select c.slug from convention_stages cs join conventions c on c.id = cs.convention_id where cs.stage_id = st.id order by c.created_at limit 1) || '/stage/' || st.slug as href
       from stages st where st.id = any(?)`,
    ),
    rows(
      ids.conventions,
      `select c.id, coalesce(nullif((select tr.title from convention_translations tr where tr.convention_id = c.id and tr.language = ?), ''), c.title) as title,
         '/convention/' || c.slug as href
       from conventions c where c.id = any(?)`,
    ),
  ]);
  return { halls, hallStands, stages, conventions };
}

interface PageRow {
  id: string;
  slug: string;
  state: string;
  publish_token: string | null;
  organization_id: string;
  title: string;
}

async function contentPagesOf(ctx: ServiceContext, ids: string[], language: Language): Promise<Map<string, PageRow>> {
  if (!ids.length) return new Map();
  const { rows } = (await ctx.db.raw(
    `select p.id, p.slug, p.state, p.publish_token, p.organization_id,
       coalesce((select t.name from content_page_translations t where t.page_id = p.id order by (t.language = ?) desc, t.language limit 1), p.slug) as title
     from content_pages p where p.id = any(?)`,
    [language, ids],
  )) as { rows: PageRow[] };
  return new Map(rows.map((r) => [r.id, r]));
}

async function iconsOf(ctx: ServiceContext, ids: string[]): Promise<Map<string, RoomIconView>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db('icons').whereIn('id', ids).select('id', 'filename', 'kind', 'file_id', 'svg');
  return new Map(rows.map((r) => [r.id, { id: r.id, name: String(r.filename).replace(/\.[a-z]+$/i, ''), url: iconUrl(r) }]));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export interface BuildOptions {
  /** build as for a logged-in visitor (the editor's preview), whatever the viewer */
  asLoggedIn?: boolean;
  /** where the login link returns to */
  loginNext?: string;
}

/** The RoomView of a room (no access check: callers check first). */
export async function buildRoomView(ctx: ServiceContext, room: VirtualRoom, language: Language, options: BuildOptions = {}): Promise<RoomView> {
  const [panos, steps, navPoints, infoPoints, organization] = await Promise.all([
    panosOfRoom(ctx).load(room.id),
    stepsOfRoom(ctx).load(room.id),
    navPointsOfRoom(ctx).load(room.id),
    infoPointsOfRoom(ctx).load(room.id),
    ctx.db('organizations').where({ id: room.organization_id }).first('name'),
  ]);
  const fileIds = [...new Set([...panos.map((p) => p.file_id), ...steps.map((s) => s.audio_file_id).filter((id): id is string => Boolean(id))])];
  const files = await fileById(ctx).loadMany(fileIds);
  const fileOf = new Map(fileIds.map((id, i) => [id, files[i] instanceof Error ? null : files[i]]));
  const pick = <K extends 'hall_id' | 'hall_stand_id' | 'stage_id' | 'convention_id'>(key: K) =>
    [...new Set(navPoints.map((p) => p[key]).filter((id): id is string => Boolean(id)))];
  const [titles, pages, icons] = await Promise.all([
    destinationTitles(ctx, { halls: pick('hall_id'), hallStands: pick('hall_stand_id'), stages: pick('stage_id'), conventions: pick('convention_id') }, language),
    contentPagesOf(ctx, [...new Set(infoPoints.map((p) => p.content_page_id).filter((id): id is string => Boolean(id)))], language),
    iconsOf(ctx, [...new Set([...navPoints, ...infoPoints].map((p) => p.icon_id).filter((id): id is string => Boolean(id)))]),
    primeRoomTexts(ctx, room.id, steps.map((s) => s.id), infoPoints.map((p) => p.id)),
  ]);
  // texts in the visitor's language where the step or point has them (issue 24 item 21), else its own
  const [stepTexts, infoTexts] = await Promise.all([
    Promise.all(steps.map((s) => roomItemTexts(ctx, 'step', s.id))),
    Promise.all(infoPoints.map((p) => roomItemTexts(ctx, 'infoPoint', p.id))),
  ]);
  const infoTextsOf = new Map(infoPoints.map((p, i) => [p.id, infoTexts[i]]));
  const t = ctx.t;
  const loggedIn = options.asLoggedIn || Boolean(ctx.viewer);
  const member = isMember(ctx.viewer, room.organization_id);
  const panoName = (pano: VirtualRoomPano, index: number) => pano.name || t('rooms:defaults.panoName', { number: index + 1, lng: language.toLowerCase() });
  const panoNames = new Map(panos.map((p, i) => [p.id, panoName(p, i)]));
  const lng = language.toLowerCase();

  const navView = (p: (typeof navPoints)[number]): NavPointView | null => {
    const base = { id: p.id, x: p.x, y: p.y, z: p.z, icon: p.icon_id ? (icons.get(p.icon_id) ?? null) : null };
    if (p.target_pano_id) {
      const name = panoNames.get(p.target_pano_id);
      return name ? { ...base, name: t('rooms:names.pano', { name, lng }), destination: { kind: 'PANO', panoId: p.target_pano_id } } : null;
    }
    if (p.url) {
      const href = safeHref(p.url);
      return href ? { ...base, name: t('rooms:names.url', { host: hostOf(href), lng }), destination: { kind: 'URL', href, external: true } } : null;
    }
    const linked: [string | null, Map<string, TitleRow>, 'HALL' | 'HALL_STAND' | 'STAGE' | 'CONVENTION', string][] = [
      [p.hall_id, titles.halls, 'HALL', 'hall'],
      [p.hall_stand_id, titles.hallStands, 'HALL_STAND', 'hallStand'],
      [p.stage_id, titles.stages, 'STAGE', 'stage'],
      [p.convention_id, titles.conventions, 'CONVENTION', 'convention'],
    ];
    for (const [id, map, kind, key] of linked) {
      if (!id) continue;
      const row = map.get(id);
      // a target that no visitor address shows (a hall in no convention, a stand not listed) is left out
      if (!row?.href) return null;
      return { ...base, name: t(`rooms:names.${key}`, { title: row.title, lng }), destination: { kind, href: row.href, external: false } };
    }
    return null;
  };

  const infoView = (p: (typeof infoPoints)[number]): InfoPointView | null => {
    const base = { id: p.id, x: p.x, y: p.y, z: p.z, icon: p.icon_id ? (icons.get(p.icon_id) ?? null) : null, auth: p.auth };
    if (p.content_page_id) {
      const page = pages.get(p.content_page_id);
      // an unpublished page shows only to its organisation's members (the editor's preview)
      if (!page || (page.state !== 'PUBLISHED' && !member && !options.asLoggedIn)) return null;
      const name = t('rooms:names.contentPage', { title: page.title, lng });
      const href = page.state === 'PUBLISHED' && page.publish_token ? `/content/${page.slug}?token=${encodeURIComponent(page.publish_token)}` : `/content/${page.slug}`;
      const target = p.auth && !loggedIn ? null : { kind: 'CONTENT_PAGE' as const, slug: page.slug, title: page.title, href };
      return { ...base, name, target };
    }
    const url = p.iframe_url ? safeHref(p.iframe_url) : undefined;
    if (!url || !p.iframe_title) return null;
    const title = textInLanguage(infoTextsOf.get(p.id) ?? [], language, 'title', p.iframe_title);
    const target = p.auth && !loggedIn ? null : { kind: 'IFRAME' as const, title, url };
    return { ...base, name: t('rooms:names.iframe', { title, lng }), target };
  };

  const panoViews: PanoView[] = [];
  for (const pano of panos) {
    const file = fileOf.get(pano.file_id);
    if (!file?.width || !file.height) continue;
    panoViews.push({
      id: pano.id,
      name: panoNames.get(pano.id)!,
      picture: roomPicture(pano.file_id, file.width, file.height),
      initialView: panoInitialView(pano),
      navPoints: navPoints.filter((p) => p.pano_id === pano.id).map(navView).filter((v): v is NavPointView => v !== null),
      infoPoints: infoPoints.filter((p) => p.pano_id === pano.id).map(infoView).filter((v): v is InfoPointView => v !== null),
    });
  }
  const initialView = roomInitialView(room);
  const setup: RoomSetup = panoViews.length === 0 ? 'NO_PANOS' : initialView === null ? 'NO_INITIAL_VIEW' : 'COMPLETE';
  const tourSteps: TourStepView[] = steps.map((s, index) => ({
    id: s.id,
    order: index,
    title: textInLanguage(stepTexts[index], language, 'title', s.title),
    text: textInLanguage(stepTexts[index], language, 'description', s.text),
    audioUrl: s.audio_file_id ? fileUrl({ id: s.audio_file_id }) : null,
    panoId: s.pano_id,
    view: { azimuthalAngle: s.azimuthal_angle, polarAngle: s.polar_angle, focalLength: s.focal_length },
    infoPointId: s.info_point_id,
  }));
  const next = options.loginNext ?? `/virtual-room/${room.slug}`;
  return {
    id: room.id,
    slug: room.slug,
    name: room.name,
    organizationName: organization?.name ?? '',
    setup,
    initialPanoId: initialView ? room.initial_pano_id : null,
    initialView,
    panos: panoViews,
    tourSteps,
    loginHref: `/login?next=${encodeURIComponent(next)}`,
  };
}

async function roomBySlug(ctx: ServiceContext, slug: string): Promise<VirtualRoom> {
  const clean = slug.trim().toLowerCase();
  const room = clean && clean.length <= 120 ? await VirtualRoom.query(ctx.db).findOne({ slug: clean }) : undefined;
  if (!room) throw roomNotFound(ctx);
  return room;
}

/**
 * `virtualRoom(slug, lang)`: the room as a visitor sees it. NOT_FOUND when there is no such room; PERMISSION_DENIED
 * when its access type refuses the viewer (checked before anything of the room is read).
 */
export async function roomForVisitor(ctx: ServiceContext, slug: string, lang?: Language | null, options: { loginNext?: string } = {}): Promise<RoomView> {
  return buildRoomView(ctx, await visitableRoom(ctx, slug), lang ?? ctx.language, options);
}

/** The view of a room the caller loaded already (the route guard's), after the same access check (costs no statement). */
export async function roomViewForVisitor(ctx: ServiceContext, room: VirtualRoom, lang?: Language | null, options: { loginNext?: string } = {}): Promise<RoomView> {
  await assertRoomAccess(ctx, room);
  return buildRoomView(ctx, room, lang ?? ctx.language, options);
}

/** The room by slug when the viewer may visit it: NOT_FOUND, PERMISSION_DENIED otherwise (the route guard's check). */
export async function visitableRoom(ctx: ServiceContext, slug: string): Promise<VirtualRoom> {
  const room = await roomBySlug(ctx, slug);
  await assertRoomAccess(ctx, room);
  return room;
}

/** `roomSteps(slug)`: the tour of a room the viewer may visit, in order. */
export async function roomSteps(ctx: ServiceContext, slug: string, lang?: Language | null): Promise<TourStepView[]> {
  return (await roomForVisitor(ctx, slug, lang)).tourSteps;
}

/**
 * The room a stand's reference point opens at `/vr/{rpslug}`: the point (kind REFERENCE, that slug) of one of the
 * stand's nodes with a room. NOT_FOUND when there is none; the room's access type applies (the stand's own rules are
 * the stand page's, checked by its loader). `loginNext`: the stand's `/vr/` path, so logging in returns there rather
 * than to `/virtual-room/{slug}`.
 */
export async function roomOfReferencePoint(
  ctx: ServiceContext,
  standId: string,
  rpslug: string,
  lang?: Language | null,
  options: { loginNext?: string } = {},
): Promise<RoomView> {
  const row = await ctx
    .db('points as p')
    .join('stand_nodes as n', 'n.id', 'p.node_id')
    .join('virtual_rooms as r', 'r.id', 'p.virtual_room_id')
    .where({ 'n.stand_id': standId, 'p.slug': rpslug.toLowerCase(), 'p.kind': 'REFERENCE' })
    .first('r.slug');
  if (!row) throw roomNotFound(ctx, 'rpslug');
  return roomForVisitor(ctx, row.slug, lang, options);
}
