import { redirect } from '@remix-run/node';
import type { PermissionKind } from '~/lib/guards';
import type { RequestContext } from './request-context.server';
import { isMember } from './services/access/index';
import { conventionBySlug } from './services/events/conventions';
import { exhibitionForVisitor } from './services/events/exhibitions';
import { conventionStand } from './services/events/hall-stands';
import { conventionHall } from './services/events/halls';
import { visitableRoom } from './services/virtual-rooms/visit';

type Params = Record<string, string | undefined>;

/**
 * The object checks behind `guards.permission.kind` (spec 001 point 6), one per PermissionKind: each loads its object
 * through the service, which asks the access module, and throws its NOT_FOUND or PERMISSION_DENIED (runGuards turns
 * them into the 404 page, /login?next= or /token?next=). What a check loaded is handed to the route's loader.
 */
export const permissionChecks = {
  /** /convention/{conventionslug}/...: the convention's access type (an inactive one still shows its page) */
  convention: (ctx: RequestContext, slug: string) => conventionBySlug(ctx.service, slug),
  /** .../hall/{hallslug}/...: the convention's and the hall's access types; an inactive convention shows its page */
  conventionHall: async (ctx: RequestContext, hallSlug: string, params: Params) => {
    const convention = await conventionBySlug(ctx.service, params.conventionslug ?? '');
    if (!convention.active && !isMember(ctx.viewer, convention.organization_id)) throw redirect(`/convention/${convention.slug}`);
    return conventionHall(ctx.service, convention.slug, hallSlug);
  },
  /**
   * .../hall/{h}/stand/{standslug}/...: the hall's checks, then the stand: NOT_FOUND unless listed (or seen by the
   * host or the exhibitor), PERMISSION_DENIED when its own access rules (its in-house fairs) refuse the viewer
   */
  conventionStand: async (ctx: RequestContext, standSlug: string, params: Params) => {
    await permissionChecks.conventionHall(ctx, params.hallslug ?? '', params);
    return conventionStand(ctx.service, { conventionSlug: params.conventionslug ?? '', hallSlug: params.hallslug ?? '', standSlug });
  },
  /** /prev/{prevslug}/convention/{c}/hall/{h}/stand/{standslug}: the stand by its preview slug (also before opening) */
  previewStand: (ctx: RequestContext, standSlug: string, params: Params) =>
    conventionStand(ctx.service, {
      conventionSlug: params.conventionslug ?? '',
      hallSlug: params.hallslug ?? '',
      standSlug,
      previewSlug: params.prevslug ?? '',
    }),
  /** /exhibition/{slug}/...: the in-house fair's access type */
  exhibition: (ctx: RequestContext, slug: string) => exhibitionForVisitor(ctx.service, slug),
  /** /virtual-room/{slug}, /standalone-room/{slug}: the room's access type (PUBLIC, LOGGED_IN, TOKEN) */
  virtualRoom: (ctx: RequestContext, slug: string) => visitableRoom(ctx.service, slug),
} satisfies Record<PermissionKind, PermissionCheck>;

export type PermissionCheck = (ctx: RequestContext, value: string, params: Params) => Promise<unknown>;

/** What the check of each kind hands to the loader. */
export type CheckedObject<K extends PermissionKind> = Awaited<ReturnType<(typeof permissionChecks)[K]>>;
