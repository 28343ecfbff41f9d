import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { assertId, permissionDenied, requireFeature } from '../authz';
import { DomainError } from '../errors';
import { requireMember } from './membership';
import { KEYED_KINDS, KINDS, objectOfRow } from './registry';
import type { KeyedKind, PermissionColumn } from './types';

/**
 * The organiser's side of access (keys and permissions): a member of the current organisation whose suite has the
 * feature that manages the object's kind (the event team for events, the content team for content groups, the sales
 * hub team for rooms); which one an object needs is checked once the object is known.
 */
export function requireAccessManager(ctx: ServiceContext): { organizationId: string } {
  const { viewer, organizationId } = requireMember(ctx);
  if (!KEYED_KINDS.some((kind) => hasFeature(viewer.features, KINDS[kind].feature))) throw permissionDenied(ctx);
  return { organizationId };
}

/**
 * An id that names none of the organisation's objects: NOT_FOUND for a manager of several kinds' teams (decision 006:
 * another organisation's object does not exist for them); one whose suite manages a single team cannot tell it from
 * an object of another team's kind, so PERMISSION_DENIED (what the event team got before other kinds had keys).
 */
export function missingObject(ctx: ServiceContext, field: string | null): DomainError {
  const features = ctx.viewer?.features ?? 0;
  const teams = new Set(KEYED_KINDS.map((kind) => KINDS[kind].feature).filter((feature) => hasFeature(features, feature)));
  return teams.size > 1 ? new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field) : permissionDenied(ctx);
}

export async function orMissing<T>(ctx: ServiceContext, work: Promise<T>, field: string | null = 'id'): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw missingObject(ctx, field);
    throw error;
  }
}

export interface ManagedObject {
  kind: KeyedKind;
  id: string;
  organization_id: string;
  title: string;
}

/** One of the organisation's protected objects by id (any keyed kind), for a manager with the kind's feature; else NOT_FOUND. */
export async function ownedAccessObject(ctx: ServiceContext, objectId: string, field = 'objectId'): Promise<ManagedObject> {
  const { organizationId } = requireAccessManager(ctx);
  assertId(ctx, objectId, field);
  const db = ctx.db;
  const [first, ...rest] = KEYED_KINDS.map((kind) =>
    db
      .select(db.raw('?::text as kind', [kind]), 'id', 'organization_id', `${KINDS[kind].titleColumn} as title`)
      .from(KINDS[kind].table)
      .where({ id: objectId, organization_id: organizationId }),
  );
  const [row] = (await rest.reduce((query, next) => query.unionAll(next), first)) as ManagedObject[];
  if (!row) throw missingObject(ctx, field);
  requireFeature(ctx, KINDS[row.kind].feature);
  return row;
}

/** The object of the organisation named by a kind's id, for a manager with the kind's feature; NOT_FOUND otherwise. */
export async function ownedObjectOfKind(ctx: ServiceContext, kind: KeyedKind, id: string, field: string): Promise<ManagedObject> {
  const { organizationId } = requireAccessManager(ctx);
  requireFeature(ctx, KINDS[kind].feature);
  assertId(ctx, id, field);
  const row = await ctx.db(KINDS[kind].table).where({ id, organization_id: organizationId }).first('id', 'organization_id', `${KINDS[kind].titleColumn} as title`);
  if (!row) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
  return { kind, ...row };
}

/**
 * A key or a permission of the organisation by id (`find` reads it within the organisation), for a manager whose
 * suite has the feature of the object it opens; NOT_FOUND (or PERMISSION_DENIED, see missingObject) otherwise.
 */
export async function ownedAccessRow<R extends Partial<Record<PermissionColumn, string | null>>>(
  ctx: ServiceContext,
  id: string,
  find: (organizationId: string) => PromiseLike<R | undefined>,
): Promise<R> {
  const row = await orMissing(
    ctx,
    (async () => {
      const { organizationId } = requireAccessManager(ctx);
      assertId(ctx, id);
      const found = await find(organizationId);
      if (!found) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
      return found;
    })(),
  );
  requireFeature(ctx, KINDS[objectOfRow(row).kind].feature);
  return row;
}
