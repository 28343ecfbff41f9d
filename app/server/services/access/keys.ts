import crypto from 'node:crypto';
import DataLoader from 'dataloader';
import { ObjectToken } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import { AccessTokenSchema, type AccessTokenInput } from '~/lib/schemas/access';
import {
  ObjectTokenCreateSchema,
  ObjectTokenUpdateSchema,
  type ObjectTokenCreateInput,
  type ObjectTokenUpdateInput,
} from '~/lib/schemas/events';
import { recordLoginFailure, throttleWait } from '../../auth/throttle.server';
import { defineLoader, inTransaction, type ServiceContext } from '../../context.server';
import { requireViewer } from '../authz';
import { DomainError } from '../errors';
import { withUniqueError } from '../slugs';
import { parseInput } from '../validation';
import { isCurrentMember } from './membership';
import { ownedAccessObject, ownedAccessRow, ownedObjectOfKind, requireAccessManager } from './manage';
import { accessOfPath } from './paths';
import { KEYED_KINDS, KINDS, objectOfRow } from './registry';
import { forgetPermissions } from './rule';
import type { KeyedKind, PathObject } from './types';

/**
 * Access keys (object tokens): each opens one object of a keyed kind, up to its limit of sign-ups. A visitor redeems
 * one at /token or through objectTokenRedeem; the organiser's team (the kind's feature) creates, changes and deletes
 * them. Wrong keys are throttled per person, per client address and per object, so keys cannot be guessed.
 */

/** Bytes of a generated key: 120 bits, 20 URL-safe characters. */
const GENERATED_KEY_BYTES = 15;

export const generateKey = (): string => crypto.randomBytes(GENERATED_KEY_BYTES).toString('base64url');

const tokensOf = Object.fromEntries(
  KEYED_KINDS.map((kind) => [
    kind,
    defineLoader(
      (ctx) =>
        new DataLoader<string, ObjectToken[]>(async (ids) => {
          const column = KINDS[kind].permissionColumn;
          const rows: ObjectToken[] = await ctx.db('object_tokens').whereIn(column, ids as string[]).orderBy(['created_at', 'id']).select('*');
          return ids.map((id) => rows.filter((r) => r[column] === id));
        }),
    ),
  ]),
) as Record<KeyedKind, (ctx: ServiceContext) => DataLoader<string, ObjectToken[]>>;

/** The access keys of an object: for the owning organisation's team with the kind's feature; others see none. */
export async function objectTokensOf(ctx: ServiceContext, kind: KeyedKind, object: { id: string; organization_id: string }): Promise<ObjectToken[]> {
  const viewer = ctx.viewer;
  if (!isCurrentMember(viewer, object.organization_id) || !hasFeature(viewer!.features, KINDS[kind].feature)) return [];
  return tokensOf[kind](ctx).load(object.id);
}

/** objectTokens(objectId): the keys of one of the organisation's objects, oldest first. */
export async function listObjectTokens(ctx: ServiceContext, objectId: string): Promise<ObjectToken[]> {
  const object = await ownedAccessObject(ctx, objectId);
  return tokensOf[object.kind](ctx).load(object.id);
}

/** A key of the organisation, to a member with the feature its object needs. */
function ownedToken(ctx: ServiceContext, id: string): Promise<ObjectToken> {
  return ownedAccessRow(ctx, id, (organizationId) => ObjectToken.query(ctx.db).findOne({ id, organization_id: organizationId }));
}

const tokenTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('access:errors.tokenExists'), 'token');
const limitBelowSignedUp = (ctx: ServiceContext, signedUp: number) =>
  new DomainError('INVALID', ctx.t('access:errors.limitBelowSignedUp', { signedUp }), 'limit');

/** objectTokenCreate: a key of exactly one of the organisation's protected objects; left empty, a random one. */
export async function createObjectToken(ctx: ServiceContext, rawInput: ObjectTokenCreateInput): Promise<ObjectToken> {
  requireAccessManager(ctx);
  const input = parseInput(ctx, ObjectTokenCreateSchema, rawInput);
  const named = KEYED_KINDS.filter((kind) => input[KINDS[kind].tokenField]);
  if (named.length !== 1) {
    throw new DomainError('INVALID', ctx.t('access:errors.oneObject'), KINDS[named[1] ?? 'convention'].tokenField);
  }
  const kind = named[0];
  const object = await ownedObjectOfKind(ctx, kind, input[KINDS[kind].tokenField]!, KINDS[kind].tokenField);
  const column = KINDS[kind].permissionColumn;
  const token = input.token || generateKey();
  if (await ctx.db('object_tokens').where({ [column]: object.id, token }).first('id')) throw tokenTaken(ctx);
  return withUniqueError(
    () => tokenTaken(ctx),
    async () => {
      const [row] = await ctx
        .db('object_tokens')
        .insert({ [column]: object.id, organization_id: object.organization_id, token, limit: input.limit })
        .returning('*');
      tokensOf[kind](ctx).clear(object.id);
      return row;
    },
  );
}

/** A limit below the sign-ups so far is refused: keys already handed out stay valid. */
export async function updateObjectToken(ctx: ServiceContext, id: string, rawInput: ObjectTokenUpdateInput): Promise<ObjectToken> {
  const current = await ownedToken(ctx, id);
  const input = parseInput(ctx, ObjectTokenUpdateSchema, rawInput);
  if (input.limit !== undefined && input.limit < current.signed_up) throw limitBelowSignedUp(ctx, current.signed_up);
  const object = objectOfRow(current);
  const column = KINDS[object.kind].permissionColumn;
  if (input.token && input.token !== current.token) {
    const taken = await ctx.db('object_tokens').where({ [column]: object.id, token: input.token }).first('id');
    if (taken) throw tokenTaken(ctx);
  }
  const patch = Object.fromEntries(Object.entries({ token: input.token, limit: input.limit }).filter(([, v]) => v !== undefined));
  return withUniqueError(
    () => tokenTaken(ctx),
    async () => {
      const [row] = await ctx
        .db('object_tokens')
        .where({ id: current.id })
        // the limit check is repeated in the statement, so a sign-up in between cannot be cut off
        .andWhere('signed_up', '<=', input.limit ?? current.limit)
        .update({ ...patch, updated_at: ctx.db.fn.now() })
        .returning('*');
      if (!row) throw limitBelowSignedUp(ctx, (await ownedToken(ctx, id)).signed_up);
      tokensOf[object.kind](ctx).clear(object.id);
      return row;
    },
  );
}

/** Deletes a key; the permissions granted with it stay (the people who signed up keep their access). */
export async function deleteObjectToken(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const token = await ownedToken(ctx, id);
  await ctx.db('object_tokens').where({ id: token.id }).delete();
  tokensOf[objectOfRow(token).kind](ctx).clear(objectOfRow(token).id);
  return { id: token.id };
}

// ---------------------------------------------------------------------------------------------------------
// Redeeming a key (/token, objectTokenRedeem)

function suspendedError(ctx: ServiceContext, title: string): DomainError {
  return new DomainError('PERMISSION_DENIED', ctx.t('access:errors.suspended', { title }));
}

type Redemption = 'granted' | 'held' | 'suspended' | 'limit' | 'invalid';

/**
 * Redeems the key against one object inside the caller's transaction. The permission is written first: a second
 * redemption by the same viewer waits on it and then finds it, so a key never counts twice for one person. The
 * sign-up is counted in one statement that re-checks the limit, so concurrent visitors can never pass it; a visitor
 * who misses the last place loses the permission written a moment before.
 */
async function redeemOn(tx: ServiceContext, userId: string, object: PathObject, token: string): Promise<Redemption> {
  const column = KINDS[object.kind].permissionColumn;
  const key = await tx.db('object_tokens').where({ [column]: object.id, token }).first('id');
  if (!key) return 'invalid';
  const [permission] = await tx
    .db('object_permissions')
    .insert({ user_id: userId, [column]: object.id, token_id: key.id, organization_id: object.organization_id })
    .onConflict(['user_id', column])
    .ignore()
    .returning('id');
  if (!permission) {
    const existing = await tx.db('object_permissions').where({ user_id: userId, [column]: object.id }).first('suspended');
    return existing?.suspended ? 'suspended' : 'held';
  }
  const counted = await tx.db('object_tokens').where({ id: key.id }).andWhereRaw('signed_up < "limit"').increment('signed_up', 1);
  if (counted) return 'granted';
  await tx.db('object_permissions').where({ id: permission.id }).delete();
  return 'limit';
}

/** The throttle's keys for one visitor's attempts at the objects of a path. */
function throttleKeys(userId: string, ip: string | null | undefined, objects: PathObject[]) {
  return {
    account: `access-key:${userId}`,
    ip: ip ? `access-key:${ip}` : null,
    object: objects.length ? `access-key:${objects[objects.length - 1].kind}:${objects[objects.length - 1].id}` : null,
  };
}

/**
 * Enters an access key for the protected page `next` (a visitor path): redeems it against the TOKEN objects on the
 * path the viewer cannot enter yet (convention before hall) and grants a permission for each object the key belongs
 * to. A suspended permission stays suspended. Wrong keys count against the person, the client address and the
 * object; while one of them is locked, THROTTLED says how long to wait. Returns where to continue and what opened.
 */
export async function redeemAccessToken(
  ctx: ServiceContext,
  rawInput: AccessTokenInput,
  options: { ip?: string | null } = {},
): Promise<{ next: string; granted: { kind: KeyedKind; title: string }[] }> {
  const viewer = requireViewer(ctx);
  const input = parseInput(ctx, AccessTokenSchema, rawInput);
  const path = input.next ?? '';
  const objects = await accessOfPath(ctx, path);
  const suspended = objects.find((o) => o.access === 'suspended');
  if (suspended) throw suspendedError(ctx, suspended.title);
  const keys = throttleKeys(viewer.userId, options.ip, objects);
  const wait = await throttleWait(ctx.db, keys);
  if (wait > 0) throw new DomainError('THROTTLED', ctx.t('access:errors.throttled', { seconds: wait }), 'token');
  const invalid = async () => {
    await recordLoginFailure(ctx.db, keys);
    return new DomainError('INVALID', ctx.t('access:errors.invalid'), 'token');
  };
  const locked = objects.filter((o) => o.access === 'key');

  if (!locked.length) {
    // everything on the path is open to the viewer already: a key of one of its objects (say, entered a second
    // time) is accepted without counting again
    const known = await ctx
      .db('object_tokens')
      .where({ token: input.token })
      .andWhere((q) => {
        for (const o of objects) q.orWhere(KINDS[o.kind].permissionColumn, o.id);
      })
      .first('id');
    if (!known) throw await invalid();
    return { next: path, granted: [] };
  }

  const outcome = await inTransaction(ctx, async (tx) => {
    const opened: PathObject[] = [];
    let limitReached = false;
    for (const object of locked) {
      const result = await redeemOn(tx, viewer.userId, object, input.token);
      if (result === 'suspended') throw suspendedError(ctx, object.title);
      if (result === 'granted' || result === 'held') opened.push(object);
      if (result === 'limit') limitReached = true;
    }
    return { opened, limitReached };
  });
  forgetPermissions(ctx, viewer.userId);
  if (!outcome.opened.length) {
    if (outcome.limitReached) throw new DomainError('INVALID', ctx.t('access:errors.limitReached'), 'token');
    throw await invalid();
  }
  return { next: path, granted: outcome.opened.map((o) => ({ kind: o.kind, title: o.title })) };
}
