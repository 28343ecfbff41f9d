import { redirect } from '@remix-run/node';
import type { PermissionCheck } from './guards.server';
import { conventionBySlug } from './services/events/conventions';
import { exhibitionForVisitor } from './services/events/exhibitions';
import { conventionStand } from './services/events/hall-stands';
import { conventionHall } from './services/events/halls';
import { VirtualRoom } from '#db/models/index';
import { roomNotFound } from './services/virtual-rooms/common';
import { assertRoomAccess } from './services/virtual-rooms/visit';

const isMember = (ctx: Parameters<PermissionCheck>[0], organizationId: string) =>
  Boolean(ctx.viewer?.organizations.some((o) => o.id === organizationId));

/**
 * The object-permission checks behind `guards.permission.kind` (spec 001 point 6): each throws the service's
 * NOT_FOUND or PERMISSION_DENIED, which runGuards turns into the 404 page, /login?next= or /token?next=.
 */
export const permissionChecks: Record<string, PermissionCheck> = {
  /** /convention/{conventionslug}/...: the convention's access type (an inactive one still shows its page) */
  convention: async (ctx, slug) => {
    await conventionBySlug(ctx.service, slug);
  },
  /** .../hall/{hallslug}/...: the convention's and the hall's access types; an inactive convention shows its page */
  conventionHall: async (ctx, hallSlug, params) => {
    const convention = await conventionBySlug(ctx.service, params.conventionslug ?? '');
    if (!convention.active && !isMember(ctx, convention.organization_id)) throw redirect(`/convention/${convention.slug}`);
    await conventionHall(ctx.service, convention.slug, hallSlug);
  },
  /**
   * .../hall/{h}/stand/{standslug}/...: the hall's checks, then the stand: NOT_FOUND unless listed (or seen by the
   * host or the exhibitor), PERMISSION_DENIED when its own access rules (its in-house fairs) refuse the viewer
   */
  conventionStand: async (ctx, standSlug, params) => {
    await permissionChecks.conventionHall(ctx, params.hallslug ?? '', params);
    await conventionStand(ctx.service, { conventionSlug: params.conventionslug ?? '', hallSlug: params.hallslug ?? '', standSlug });
  },
  /** /prev/{prevslug}/convention/{c}/hall/{h}/stand/{standslug}: the stand by its preview slug (also before opening) */
  previewStand: async (ctx, standSlug, params) => {
    await conventionStand(ctx.service, {
      conventionSlug: params.conventionslug ?? '',
      hallSlug: params.hallslug ?? '',
      standSlug,
      previewSlug: params.prevslug ?? '',
    });
  },
  /** /exhibition/{slug}/...: the in-house fair's access type */
  exhibition: async (ctx, slug) => {
    await exhibitionForVisitor(ctx.service, slug);
  },
  /** /virtual-room/{slug}, /standalone-room/{slug}: the room's access type (PUBLIC, LOGGED_IN, TOKEN) */
  virtualRoom: async (ctx, slug) => {
    const clean = slug.trim().toLowerCase();
    const room = clean && clean.length <= 120 ? await VirtualRoom.query(ctx.service.db).findOne({ slug: clean }) : undefined;
    if (!room) throw roomNotFound(ctx.service);
    await assertRoomAccess(ctx.service, room);
  },
};
