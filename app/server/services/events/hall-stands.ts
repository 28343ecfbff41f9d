import { BaseStand, Hall, HallStand } from '#db/models/index';
import type { ModelObject } from 'objection';
import {
  HallAddStandSchema,
  HallReorderSchema,
  HallStandUpdateSchema,
  StandApplySchema,
  type HallAddStandInput,
  type HallStandUpdateInput,
} from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { isDenied } from '../access/index';
import { assertStandAccess, standAccess } from './access';
import { definedOnly, freeSlug, isUniqueViolation, notFound, previewSlug, requireEventMember } from './hall-common';
import { ownedImage, publishImage } from './conventions';
import { conventionHall, ownHall, type ConventionRow } from './halls';
import { isListed, isPreviewed, mayVisitHallStand } from './policy';
import { ownStand } from './stands';
import { baseStandById, hallStandsByHall } from './stand-loaders';
import { isMember } from '../access/membership';

/**
 * Stands in halls (issue 11): a hall stand needs the host's consent (`approved`) and the stand organisation's
 * (`stand_accepted`). The host gives theirs by adding the stand (an invitation when the stand is another
 * organisation's) or by approving an application; the stand's organisation gives theirs by applying or by
 * accepting an invitation. Visitors see a hall stand only with both, and only when the stand's own access rules
 * (the in-house fairs it is the stand of) let them in. Nobody outside the stand's organisation reads the stand
 * through a hall before that organisation agreed, the host included.
 */

/** A hall stand a visitor service checked for the viewer (conventionStand, readableHallStands): its stand may go with it. */
export type CheckedHallStand = ModelObject<HallStand> & { stand_readable?: true };

const slugTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('events:standErrors.hallSlugTaken'), 'slug');

/** A hall stand in a hall of the viewer's organisation (the host side); NOT_FOUND otherwise. */
async function hostHallStand(ctx: ServiceContext, id: string): Promise<HallStand> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await HallStand.query(ctx.db).findOne({ id, organization_id: organizationId });
  if (!row) throw notFound(ctx, 'id');
  return row;
}

/** Whether the stand has a place in the hall already. */
async function inHall(ctx: ServiceContext, where: { hall_id: string; stand_id: string } | { hall_id: string; slug: string }): Promise<boolean> {
  return Boolean(await HallStand.query(ctx.db).findOne(where).select('id'));
}

/**
 * Inserts a hall stand at the hall's next place (the hall row is locked, so two stands joining at once get
 * different places) with an unguessable preview slug. Runs inside the caller's transaction.
 */
async function insertAtEnd(
  tx: ServiceContext,
  hall: Pick<Hall, 'id' | 'organization_id'>,
  row: Pick<HallStand, 'stand_id' | 'approved' | 'stand_accepted' | 'slug'> & { thumbnail_id?: string | null },
): Promise<HallStand> {
  await Hall.query(tx.db).findById(hall.id).forUpdate().select('id');
  const [{ next }] = (await HallStand.query(tx.db).where({ hall_id: hall.id }).select(tx.db.raw('coalesce(max("order") + 1, 0)::int as next'))) as unknown as [
    { next: number },
  ];
  return HallStand.query(tx.db)
    .insert({ organization_id: hall.organization_id, hall_id: hall.id, order: next, preview_slug: previewSlug(), ...row })
    .returning('*');
}

/**
 * The host puts a stand into their hall by the stand's slug ("domain", the key the exhibitor hands out). Their
 * own stand joins at once (both consents). Another organisation's stand is invited: the host's consent is given,
 * the stand's organisation accepts (hallStandAccept) or declines (hallStandDecline) in its console, and until it
 * accepts nobody outside it sees the stand in the hall. The hall stand gets the next place, the stand's slug
 * (unique in the hall) and an unguessable preview slug.
 */
export async function hallAddStand(ctx: ServiceContext, hallId: string, raw: HallAddStandInput): Promise<HallStand> {
  const { organizationId } = requireEventMember(ctx);
  const hall = await ownHall(ctx, hallId);
  const input = parseInput(ctx, HallAddStandSchema, raw);
  const stand = await BaseStand.query(ctx.db).findOne({ slug: input.domain });
  if (!stand) throw new DomainError('NOT_FOUND', ctx.t('events:standErrors.standNotFound'), 'domain');
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, '16:9', 'thumbnail');
  if (await inHall(ctx, { hall_id: hall.id, stand_id: stand.id })) {
    throw new DomainError('UNIQUE', ctx.t('events:standErrors.alreadyInHall'), 'domain');
  }
  const slug = input.slug ?? stand.slug;
  if (await inHall(ctx, { hall_id: hall.id, slug })) throw slugTaken(ctx);
  try {
    return await inTransaction(ctx, async (tx) => {
      const row = await insertAtEnd(tx, hall, {
        stand_id: stand.id,
        approved: true,
        stand_accepted: stand.organization_id === organizationId,
        slug,
        thumbnail_id: thumbnailId ?? null,
      });
      await publishImage(tx, thumbnailId);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('UNIQUE', ctx.t('events:standErrors.alreadyInHall'), 'domain');
    throw error;
  }
}

/** The host changes the hall stand's slug, thumbnail (16:9) or place. */
export async function hallUpdateStand(ctx: ServiceContext, id: string, raw: HallStandUpdateInput): Promise<HallStand> {
  const hallStand = await hostHallStand(ctx, id);
  const input = parseInput(ctx, HallStandUpdateSchema, raw);
  const thumbnailId = await ownedImage(ctx, hallStand.organization_id, input.thumbnailId, '16:9', 'thumbnailId');
  if (input.slug && input.slug !== hallStand.slug) {
    if (await HallStand.query(ctx.db).findOne({ hall_id: hallStand.hall_id, slug: input.slug }).whereNot('id', id).select('id')) throw slugTaken(ctx);
  }
  try {
    const row = await HallStand.query(ctx.db).patchAndFetchById(id, definedOnly({ slug: input.slug, thumbnail_id: thumbnailId, order: input.order }));
    await publishImage(ctx, thumbnailId);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(ctx);
    throw error;
  }
}

/**
 * The host approves a stand that applied to their hall: visitors see it there once its organisation agreed too.
 * It changes this hall stand only (not the base stand, not the stand's places in other halls).
 */
export async function hallApproveStand(ctx: ServiceContext, id: string): Promise<HallStand> {
  const hallStand = await hostHallStand(ctx, id);
  return HallStand.query(ctx.db).patchAndFetchById(hallStand.id, { approved: true });
}

/** A hall stand of one of the viewer organisation's stands (the exhibitor side); NOT_FOUND otherwise. */
async function exhibitorHallStand(ctx: ServiceContext, id: string): Promise<HallStand> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await HallStand.query(ctx.db)
    .join('base_stands as s', 's.id', 'hall_stands.stand_id')
    .findOne({ 'hall_stands.id': id, 's.organization_id': organizationId })
    .select('hall_stands.*');
  if (!row) throw notFound(ctx, 'id');
  return row;
}

/** The stand's organisation accepts the host's invitation: the stand shows in the hall from now on. */
export async function hallStandAccept(ctx: ServiceContext, id: string): Promise<HallStand> {
  const hallStand = await exhibitorHallStand(ctx, id);
  return HallStand.query(ctx.db).patchAndFetchById(hallStand.id, { stand_accepted: true });
}

/**
 * The stand's organisation declines an invitation, withdraws its application or leaves the hall: the hall stand
 * is removed (the host may invite the stand again).
 */
export async function hallStandDecline(ctx: ServiceContext, id: string): Promise<string> {
  const hallStand = await exhibitorHallStand(ctx, id);
  await HallStand.query(ctx.db).deleteById(hallStand.id);
  return hallStand.id;
}

/**
 * The exhibitor applies with one of its stands to a hall, named by the hall's slug ("domain", the key the host
 * hands out): the stand's consent is given, the host approves with hallApproveStand. A hall of the exhibitor's
 * own organisation takes the stand at once. The hall stand gets the next place, a free slug in the hall and a
 * preview slug; the host may give it a thumbnail later.
 */
export async function standApplyToHall(ctx: ServiceContext, standId: string, hallSlug: string): Promise<HallStand> {
  const { organizationId } = requireEventMember(ctx);
  const stand = await ownStand(ctx, standId, 'standId');
  const input = parseInput(ctx, StandApplySchema, { hallSlug });
  const hall = await Hall.query(ctx.db).findOne({ slug: input.hallSlug });
  if (!hall) throw new DomainError('NOT_FOUND', ctx.t('events:standErrors.hallNotFound'), 'hallSlug');
  const alreadyIn = () => new DomainError('UNIQUE', ctx.t('events:standErrors.alreadyInHall'), 'hallSlug');
  if (await inHall(ctx, { hall_id: hall.id, stand_id: stand.id })) throw alreadyIn();
  try {
    return await inTransaction(ctx, async (tx) =>
      insertAtEnd(tx, hall, {
        stand_id: stand.id,
        approved: hall.organization_id === organizationId,
        stand_accepted: true,
        slug: await freeSlug(tx, 'hall_stands', stand.slug, 'stand', { hall_id: hall.id }),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyIn();
    throw error;
  }
}

/** Takes the stand out of the hall for good (the base stand itself stays with its organisation). */
export async function hallRemoveStand(ctx: ServiceContext, id: string): Promise<string> {
  const hallStand = await hostHallStand(ctx, id);
  await HallStand.query(ctx.db).deleteById(hallStand.id);
  return hallStand.id;
}

/**
 * Sets the order of all stands of a hall at once (drag and drop, keyboard): `ids` must name every hall stand
 * of the hall exactly once; the first gets place 0. One transaction: nobody sees a half-sorted hall.
 */
export async function hallReorderStands(ctx: ServiceContext, hallId: string, ids: string[]): Promise<HallStand[]> {
  const hall = await ownHall(ctx, hallId, 'hallId');
  const input = parseInput(ctx, HallReorderSchema, { ids });
  return inTransaction(ctx, async (tx) => {
    const current = (await HallStand.query(tx.db).where({ hall_id: hall.id }).forUpdate().select('id')).map((r) => r.id);
    const wanted = new Set(input.ids);
    if (wanted.size !== input.ids.length || wanted.size !== current.length || !current.every((id) => wanted.has(id))) {
      throw new DomainError('INVALID', ctx.t('events:standErrors.reorderMismatch'), 'ids');
    }
    for (const [order, id] of input.ids.entries()) {
      await HallStand.query(tx.db).findById(id).patch({ order });
    }
    return HallStand.query(tx.db).where({ hall_id: hall.id }).orderBy('order');
  });
}

/**
 * A hall stand for the console: the host (owner of the hall) and the exhibitor (owner of the stand) both
 * see it, whatever its consents; anyone else gets NOT_FOUND. Its stand goes with it as standThroughHallStand says.
 */
export async function hallStandById(ctx: ServiceContext, id: string): Promise<HallStand> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await ctx
    .db('hall_stands as hs')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .where('hs.id', id)
    .andWhere((q) => q.where('hs.organization_id', organizationId).orWhere('s.organization_id', organizationId))
    .first('hs.*');
  if (!row) throw notFound(ctx, 'id');
  return row;
}

/**
 * The base stand behind a hall stand, for whoever holds the hall stand: a visitor service checked it already
 * (`stand_readable`); the stand's organisation always reads it; the host only once the stand's organisation
 * agreed and the stand's own access rules let them in; anyone else gets null.
 */
export async function standThroughHallStand(ctx: ServiceContext, hallStand: CheckedHallStand): Promise<BaseStand | null> {
  const stand = await baseStandById(ctx).load(hallStand.stand_id);
  if (!stand) return null;
  if (hallStand.stand_readable || isMember(ctx.viewer, stand.organization_id)) return stand;
  if (!hallStand.stand_accepted || !isMember(ctx.viewer, hallStand.organization_id)) return null;
  return isDenied(await standAccess(ctx, stand)) ? null : stand;
}

/**
 * What visitors of a hall see (the hall page, its tour, fetchConventionHall): its listed stands (both consents)
 * in order, without those whose own access rules refuse the viewer, with their base stands. Callers have checked
 * the convention's and the hall's access. Constant number of queries (batched loaders).
 */
export async function readableHallStands(ctx: ServiceContext, hallId: string): Promise<{ hallStand: CheckedHallStand; stand: BaseStand }[]> {
  const listed = (await hallStandsByHall(ctx).load(hallId)).filter(isListed);
  const stands = await baseStandById(ctx).loadMany(listed.map((hs) => hs.stand_id));
  const pairs = listed.flatMap((hallStand, i) => {
    const stand = stands[i];
    return stand && !(stand instanceof Error) ? [{ hallStand: { ...hallStand, stand_readable: true as const }, stand }] : [];
  });
  const access = await Promise.all(pairs.map(({ stand }) => standAccess(ctx, stand)));
  return pairs.filter((_, i) => !isDenied(access[i]));
}

/**
 * The stands of a hall as GraphQL's Hall.stands lists them: its own organisation sees all of them (invitations
 * and applications too) unless it asks for the listed ones only; visitors of a hall they entered through
 * fetchConventionHall or fetchConventionStand (`visited`) see readableHallStands; anyone else none.
 */
export async function hallStandsOf(
  ctx: ServiceContext,
  hall: Pick<Hall, 'id' | 'organization_id'> & { visited?: boolean },
  options: { listedOnly?: boolean } = {},
): Promise<CheckedHallStand[]> {
  const host = isMember(ctx.viewer, hall.organization_id);
  if (host && !options.listedOnly) return hallStandsByHall(ctx).load(hall.id);
  if (!host && !hall.visited) return [];
  return (await readableHallStands(ctx, hall.id)).map((r) => r.hallStand);
}

/**
 * A stand in a convention's hall for visitors: listed hall stands (both consents) of active conventions, unless
 * the request carries the hall stand's preview slug (then also before the host's approval and before the
 * convention opens) or comes from the host (pending applications) or the exhibitor. Without the stand
 * organisation's consent only that organisation gets the stand, whatever the slug. The access types of
 * convention and hall apply either way, and so do the stand's own (its in-house fairs): PERMISSION_DENIED.
 */
export async function conventionStand(
  ctx: ServiceContext,
  args: { conventionSlug: string; hallSlug: string; standSlug: string; previewSlug?: string | null },
): Promise<{ convention: ConventionRow; hall: Hall; hallStand: CheckedHallStand }> {
  const { convention, hall } = await conventionHall(ctx, args.conventionSlug, args.hallSlug, { includeInactive: Boolean(args.previewSlug) });
  // the hall's stands are read once per request with their base stands (the hall tour beside the page needs them too)
  const hallStand = (await hallStandsByHall(ctx).load(hall.id)).find((hs) => hs.slug === args.standSlug);
  const stand = hallStand ? await baseStandById(ctx).load(hallStand.stand_id) : null;
  if (!hallStand || !stand) throw notFound(ctx, 'standSlug');
  const standOrganizationId = stand.organization_id;
  if (!mayVisitHallStand(ctx.viewer, hallStand, standOrganizationId, args.previewSlug)) throw notFound(ctx, 'standSlug');
  const exhibitor = isMember(ctx.viewer, standOrganizationId);
  const host = isMember(ctx.viewer, hall.organization_id);
  const previewed = isPreviewed(hallStand, args.previewSlug);
  if (!convention.active && !exhibitor && !host && !previewed) throw notFound(ctx, 'conventionSlug');
  await assertStandAccess(ctx, { id: hallStand.stand_id, organization_id: standOrganizationId });
  return { convention, hall, hallStand: { ...hallStand, stand_readable: true } };
}

export interface StandPlace {
  id: string;
  standId: string;
  standName: string;
  standSlug: string;
  hallName: string;
  hallSlug: string;
  host: string;
  /** the host's consent */
  approved: boolean;
  /** the stand organisation's consent */
  standAccepted: boolean;
  /** where to look at the stand in the hall's conventions (a preview link while the host has not approved) */
  links: { title: string; href: string }[];
}

/**
 * The places of the organisation's stands in halls (its own and other organisations'), for the exhibitor's
 * console: invitations to accept or decline, applications waiting for the host, places shown to visitors.
 * Only one stand's with `standId`; only invitations with `invitationsOnly`.
 */
export async function standPlaces(ctx: ServiceContext, options: { standId?: string; invitationsOnly?: boolean } = {}): Promise<StandPlace[]> {
  const { organizationId } = requireEventMember(ctx);
  const query = ctx
    .db('hall_stands as hs')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .join('organizations as o', 'o.id', 'hs.organization_id')
    .where('s.organization_id', organizationId)
    .orderBy([{ column: 's.name' }, { column: 'h.name' }, { column: 'hs.created_at' }])
    .select(
      'hs.id',
      'hs.stand_id',
      'hs.hall_id',
      'hs.slug',
      'hs.approved',
      'hs.stand_accepted',
      'hs.preview_slug',
      's.name as stand_name',
      's.slug as stand_slug',
      'h.name as hall_name',
      'h.slug as hall_slug',
      'o.name as host',
    );
  if (options.standId) query.where('hs.stand_id', options.standId);
  if (options.invitationsOnly) query.where('hs.stand_accepted', false);
  const rows = await query;
  const hallIds = [...new Set(rows.map((r) => r.hall_id as string))];
  const conventions: { hall_id: string; slug: string; title: string }[] = hallIds.length
    ? await ctx
        .db('conventions as c')
        .join('convention_halls as ch', 'ch.convention_id', 'c.id')
        .whereIn('ch.hall_id', hallIds)
        .orderBy('c.title')
        .select('ch.hall_id', 'c.slug', 'c.title')
    : [];
  return rows.map((r) => ({
    id: r.id,
    standId: r.stand_id,
    standName: r.stand_name,
    standSlug: r.stand_slug,
    hallName: r.hall_name,
    hallSlug: r.hall_slug,
    host: r.host,
    approved: r.approved,
    standAccepted: r.stand_accepted,
    links: conventions
      .filter((c) => c.hall_id === r.hall_id)
      .map((c) => ({
        title: c.title,
        href: `${r.approved ? '' : `/prev/${r.preview_slug}`}/convention/${c.slug}/hall/${r.hall_slug}/stand/${r.slug}`,
      })),
  }));
}
