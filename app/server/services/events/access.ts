import crypto from 'node:crypto';
import DataLoader from 'dataloader';
import { ContentGroup, Convention, Exhibition, Hall, HallStand, ObjectPermission, ObjectToken, VirtualRoom, type User } from '#db/models/index';
import { hasFeature, type FeatureName } from '~/lib/features';
import { AccessTokenSchema, PermissionEmailSchema, type AccessTokenInput } from '~/lib/schemas/access';
import {
  ObjectTokenCreateSchema,
  ObjectTokenUpdateSchema,
  type ObjectTokenCreateInput,
  type ObjectTokenUpdateInput,
} from '~/lib/schemas/events';
import type { PermissionType } from '~/lib/schemas/stands';
import { defineLoader, inTransaction, type ServiceContext } from '../../context.server';
import { assertId, permissionDenied, requireFeature, requireOrganization, requireViewer } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { definedOnly, notFound, ownedRow, withUniqueError } from './hall-common';
import { isReachable } from './policy';
import { conventionTranslations } from './loaders';
import { fairsOfStand, hallTranslationsByHall } from './stand-loaders';

/**
 * Access to visitor objects (spec 001 point 6): conventions, halls and in-house fairs are PUBLIC, LOGGED_IN or
 * TOKEN. A TOKEN object admits a visitor who holds an object permission: granted by redeeming one of the
 * object's access keys (each counts its sign-ups up to a limit) or added by the organiser. A suspended
 * permission shuts its holder out of the object whatever its type. Members of the owning organisation always
 * get in.
 */

export type AccessKind = 'convention' | 'hall' | 'exhibition' | 'content' | 'room';
export const ACCESS_KINDS: readonly AccessKind[] = ['convention', 'hall', 'exhibition', 'content', 'room'];

const COLUMN: Record<AccessKind, 'convention_id' | 'hall_id' | 'exhibition_id' | 'content_group_id' | 'virtual_room_id'> = {
  convention: 'convention_id',
  hall: 'hall_id',
  exhibition: 'exhibition_id',
  content: 'content_group_id',
  // virtual rooms of access type TOKEN (issue 17), whose keys the sales hub team hands out
  room: 'virtual_room_id',
};
/** Who manages an object's keys and permissions: the event team for events, the content team for content groups. */
const FEATURE: Record<AccessKind, FeatureName> = { convention: 'event', hall: 'event', exhibition: 'event', content: 'content', room: 'salesHub' };
const MODEL = { convention: Convention, hall: Hall, exhibition: Exhibition, content: ContentGroup, room: VirtualRoom } as const;
/** The input field naming the object of a new key. */
export const TOKEN_OBJECT_FIELD = { convention: 'conventionId', hall: 'hallId', exhibition: 'exhibitionId', content: 'contentGroupId', room: 'virtualRoomId' } as const;

/**
 * The organiser's side (keys, permissions): a member of the current organisation with the event or the content
 * feature; which of the two an object needs (FEATURE) is checked once the object is known.
 */
function requireAccessManager(ctx: ServiceContext): { organizationId: string } {
  const { viewer, organizationId } = requireOrganization(ctx);
  if (!hasFeature(viewer.features, 'event') && !hasFeature(viewer.features, 'content') && !hasFeature(viewer.features, 'salesHub')) throw permissionDenied(ctx);
  return { organizationId };
}

/**
 * An object id that names none of the organisation's objects: NOT_FOUND for a manager of both kinds; one who
 * manages only events or only content cannot tell it from an object of the other kind, so PERMISSION_DENIED (what
 * the event team got before content groups had keys).
 */
function missingObject(ctx: ServiceContext, field: string | null): DomainError {
  const features = ctx.viewer?.features ?? 0;
  return hasFeature(features, 'event') && hasFeature(features, 'content') ? notFound(ctx, field) : permissionDenied(ctx);
}

async function orMissing<T>(ctx: ServiceContext, work: Promise<T>, field: string | null = 'id'): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw missingObject(ctx, field);
    throw error;
  }
}

/** What the access rules need of an object. */
export interface AccessObject {
  id: string;
  organization_id: string;
  permission_type: PermissionType;
}

/** A row of the organiser's list: the permission with the person and the key it was granted with. */
export type ObjectPermissionRow = Pick<ObjectPermission, 'id' | 'suspended' | 'created_at' | 'user_id'> &
  Pick<User, 'email' | 'first_name' | 'last_name'> & { token: string | null };

/** The person behind an object permission, as the organiser's list shows them. */
export type ObjectPermissionUser = Pick<User, 'id' | 'email' | 'first_name' | 'last_name'>;

/** The person of a row of the organiser's list. */
export function permissionHolder(row: ObjectPermissionRow): ObjectPermissionUser {
  return { id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name };
}

function objectKey(row: Pick<ObjectPermission, 'convention_id' | 'hall_id' | 'exhibition_id' | 'content_group_id' | 'virtual_room_id'>): string {
  const kind = ACCESS_KINDS.find((k) => row[COLUMN[k]])!;
  return `${kind}:${row[COLUMN[kind]]}`;
}

// ---------------------------------------------------------------------------------------------------------
// The rule

/**
 * The object permissions of a user by "kind:id". The viewer's are loaded once per request, so a page that
 * checks a convention and one of its halls costs one query for both.
 */
const permissionsOfUser = defineLoader(
  (ctx) =>
    new DataLoader<string, Map<string, ObjectPermission>>(async (userIds) => {
      const rows: ObjectPermission[] = await ctx.db('object_permissions').whereIn('user_id', userIds as string[]).select('*');
      return userIds.map((userId) => new Map(rows.filter((r) => r.user_id === userId).map((r) => [objectKey(r), r])));
    }),
);

/** How a viewer stands towards an object: in, or why not. */
export type AccessState = 'member' | 'open' | 'granted' | 'suspended' | 'login' | 'key';

const isMember = (ctx: ServiceContext, organizationId: string) =>
  Boolean(ctx.viewer?.organizations.some((o) => o.id === organizationId));

export async function visitorAccess(ctx: ServiceContext, kind: AccessKind, object: AccessObject): Promise<AccessState> {
  if (isMember(ctx, object.organization_id)) return 'member';
  const permission = ctx.viewer ? (await permissionsOfUser(ctx).load(ctx.viewer.userId)).get(`${kind}:${object.id}`) : undefined;
  if (permission?.suspended) return 'suspended';
  if (object.permission_type === 'PUBLIC') return 'open';
  if (!ctx.viewer) return 'login';
  if (object.permission_type === 'LOGGED_IN') return 'open';
  return permission ? 'granted' : 'key';
}

const DENIED: readonly AccessState[] = ['suspended', 'login', 'key'];

/**
 * Who may see an event object outside the console: members of the owning organisation always; nobody whose
 * permission on it is suspended; otherwise PUBLIC anyone, LOGGED_IN any logged-in user, TOKEN a logged-in user
 * with a permission. Else PERMISSION_DENIED, which the route guard turns into /login?next= (logged out) or
 * /token?next= (logged in).
 */
export async function assertVisitorAccess(ctx: ServiceContext, kind: AccessKind, object: AccessObject): Promise<void> {
  if (DENIED.includes(await visitorAccess(ctx, kind, object))) throw permissionDenied(ctx);
}

/**
 * A stand's own access rules, which hold wherever the stand is shown (a hall of any organisation, its preview):
 * the stand of in-house fairs is readable by whoever may enter one of those fairs (members of the stand's
 * organisation always); a stand of no in-house fair has no rules of its own ('open').
 */
export async function standAccess(ctx: ServiceContext, stand: { id: string; organization_id: string }): Promise<AccessState> {
  if (isMember(ctx, stand.organization_id)) return 'member';
  const fairs = await fairsOfStand(ctx).load(stand.id);
  if (!fairs.length) return 'open';
  const states = await Promise.all(fairs.map((fair) => visitorAccess(ctx, 'exhibition', fair)));
  return states.find((state) => !DENIED.includes(state)) ?? states[0];
}

export const isDenied = (state: AccessState): boolean => DENIED.includes(state);

/** PERMISSION_DENIED (login or key flow) when the stand's own access rules refuse the viewer. */
export async function assertStandAccess(ctx: ServiceContext, stand: { id: string; organization_id: string }): Promise<void> {
  if (isDenied(await standAccess(ctx, stand))) throw permissionDenied(ctx);
}

// ---------------------------------------------------------------------------------------------------------
// The objects a visitor's path names

export interface PathObject extends AccessObject {
  kind: AccessKind;
  slug: string;
  /** in the viewer's language where the object has texts */
  title: string;
}

async function titled(ctx: ServiceContext, kind: AccessKind, row: AccessObject & { slug: string; title?: string; name?: string }): Promise<PathObject> {
  const own = row.title ?? row.name ?? row.slug;
  const translations =
    kind === 'convention' ? await conventionTranslations(ctx).load(row.id) : kind === 'hall' ? await hallTranslationsByHall(ctx).load(row.id) : [];
  const text = (translations.find((tr) => tr.language === ctx.language) ?? translations[0])?.title;
  return { kind, id: row.id, organization_id: row.organization_id, permission_type: row.permission_type, slug: row.slug, title: text || own };
}

/**
 * The objects on a visitor path, outermost first: [/prev/{p}]/convention/{c}[/hall/{h}[/stand/{s}/...]] or
 * /exhibition/{e}/... A stand listed in the hall (or named by its preview slug) adds the in-house fairs it is the
 * stand of (its own access rules), so a key of one of them opens the stand there. NOT_FOUND (field `next`) when
 * the path names no such object.
 */
export async function objectsOnPath(ctx: ServiceContext, path: string): Promise<PathObject[]> {
  const missing = () => new DomainError('NOT_FOUND', ctx.t('access:errors.noObject'), 'next');
  if (!path.startsWith('/') || path.startsWith('//')) throw missing();
  let raw: string[];
  try {
    raw = new URL(path, 'http://same.site').pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    throw missing();
  }
  // a preview link (/prev/{previewSlug}/convention/...) names the same objects; its slug is case-sensitive
  const previewSlug = raw[0]?.toLowerCase() === 'prev' ? raw[1] : undefined;
  const segments = raw.slice(previewSlug ? 2 : 0).map((s) => s.toLowerCase());
  const [root, slug, child, childSlug, grandchild, grandchildSlug] = segments;
  if (root === 'exhibition' && slug) {
    const exhibition = await ctx.db('exhibitions').where({ slug }).first('id', 'organization_id', 'permission_type', 'slug', 'name');
    if (!exhibition) throw missing();
    return [await titled(ctx, 'exhibition', exhibition)];
  }
  if (root === 'old' && slug === 'content' && child) {
    // a content group's visitor page, /old/content/{slug}
    const group = await ctx.db('content_groups').where({ slug: child }).first('id', 'organization_id', 'permission_type', 'slug', 'name');
    if (!group) throw missing();
    return [await titled(ctx, 'content', group)];
  }
  if ((root === 'virtual-room' || root === 'standalone-room') && slug) {
    // a virtual room's visitor pages (issue 17)
    const room = await ctx.db('virtual_rooms').where({ slug }).first('id', 'organization_id', 'access_type as permission_type', 'slug', 'name');
    if (!room) throw missing();
    return [await titled(ctx, 'room', room)];
  }
  if (root !== 'convention' || !slug) throw missing();
  const convention = await ctx.db('conventions').where({ slug }).first('id', 'organization_id', 'permission_type', 'slug', 'title');
  if (!convention) throw missing();
  const objects = [await titled(ctx, 'convention', convention)];
  if (child === 'hall' && childSlug) {
    const hall = await ctx
      .db('halls as h')
      .join('convention_halls as ch', 'ch.hall_id', 'h.id')
      .where({ 'ch.convention_id': convention.id, 'h.slug': childSlug })
      .first('h.id', 'h.organization_id', 'h.permission_type', 'h.slug', 'h.name');
    if (!hall) throw missing();
    objects.push(await titled(ctx, 'hall', hall));
    if (grandchild === 'stand' && grandchildSlug) {
      // only a stand its organisation agreed to show here, and that is listed or named by its preview slug
      const hallStand = await HallStand.query(ctx.db)
        .findOne({ hall_id: hall.id, slug: grandchildSlug })
        .select('stand_id', 'approved', 'stand_accepted', 'preview_slug');
      const shown = hallStand && isReachable(hallStand, previewSlug) ? hallStand : null;
      const fairs = shown ? await fairsOfStand(ctx).load(shown.stand_id) : [];
      for (const fair of fairs) objects.push(await titled(ctx, 'exhibition', fair));
    }
  }
  return objects;
}

/** The objects on the path with the viewer's standing towards each (for the /token page). */
export async function accessOfPath(ctx: ServiceContext, path: string): Promise<(PathObject & { access: AccessState })[]> {
  const objects = await objectsOnPath(ctx, path);
  const states = await Promise.all(objects.map((o) => visitorAccess(ctx, o.kind, o)));
  return objects.map((o, i) => ({ ...o, access: states[i] }));
}

// ---------------------------------------------------------------------------------------------------------
// Redeeming a key (/token, objectTokenRedeem)

function suspendedError(ctx: ServiceContext, title: string): DomainError {
  return new DomainError('PERMISSION_DENIED', ctx.t('access:errors.suspended', { title }));
}

type Redemption = 'granted' | 'held' | 'suspended' | 'limit' | 'invalid';

/**
 * Redeems the key against one object inside the caller's transaction. The permission is written first: a
 * second redemption by the same viewer waits on it and then finds it, so a key never counts twice for one
 * person. The sign-up is counted in one statement that re-checks the limit, so concurrent visitors can
 * never pass it; a visitor who misses the last place loses the permission written a moment before.
 */
async function redeemOn(tx: ServiceContext, userId: string, object: PathObject, token: string): Promise<Redemption> {
  const column = COLUMN[object.kind];
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

/**
 * Enters an access key for the protected page `next` (a visitor path): redeems it against the TOKEN objects
 * on the path the viewer cannot enter yet (convention before hall) and grants a permission for each object
 * the key belongs to. A suspended permission stays suspended. Returns where to continue and what was opened.
 */
export async function redeemAccessToken(
  ctx: ServiceContext,
  rawInput: AccessTokenInput,
): Promise<{ next: string; granted: { kind: AccessKind; title: string }[] }> {
  const viewer = requireViewer(ctx);
  const input = parseInput(ctx, AccessTokenSchema, rawInput);
  const path = input.next ?? '';
  const objects = await accessOfPath(ctx, path);
  const suspended = objects.find((o) => o.access === 'suspended');
  if (suspended) throw suspendedError(ctx, suspended.title);
  const invalid = () => new DomainError('INVALID', ctx.t('access:errors.invalid'), 'token');
  const locked = objects.filter((o) => o.access === 'key');

  if (!locked.length) {
    // everything on the path is open to the viewer already: a key of one of its objects (say, entered a
    // second time) is accepted without counting again
    const known = await ctx
      .db('object_tokens')
      .where({ token: input.token })
      .andWhere((q) => {
        for (const o of objects) q.orWhere(COLUMN[o.kind], o.id);
      })
      .first('id');
    if (!known) throw invalid();
    return { next: path, granted: [] };
  }

  const granted = await inTransaction(ctx, async (tx) => {
    const opened: PathObject[] = [];
    let limitReached = false;
    for (const object of locked) {
      const outcome = await redeemOn(tx, viewer.userId, object, input.token);
      if (outcome === 'suspended') throw suspendedError(ctx, object.title);
      if (outcome === 'granted' || outcome === 'held') opened.push(object);
      if (outcome === 'limit') limitReached = true;
    }
    if (!opened.length) {
      throw limitReached ? new DomainError('INVALID', ctx.t('access:errors.limitReached'), 'token') : invalid();
    }
    return opened;
  });
  permissionsOfUser(ctx).clear(viewer.userId);
  return { next: path, granted: granted.map((o) => ({ kind: o.kind, title: o.title })) };
}

// ---------------------------------------------------------------------------------------------------------
// Access keys (organisers: members of the owning organisation with the event feature)

const tokensOf = Object.fromEntries(
  ACCESS_KINDS.map((kind) => [
    kind,
    defineLoader(
      (ctx) =>
        new DataLoader<string, ObjectToken[]>(async (ids) => {
          const rows: ObjectToken[] = await ctx
            .db('object_tokens')
            .whereIn(COLUMN[kind], ids as string[])
            .orderBy(['created_at', 'id'])
            .select('*');
          return ids.map((id) => rows.filter((r) => r[COLUMN[kind]] === id));
        }),
    ),
  ]),
) as Record<AccessKind, (ctx: ServiceContext) => DataLoader<string, ObjectToken[]>>;

/** The access keys of an object: for the organiser's event team only (current organisation, event feature); others see none. */
export async function objectTokensOf(ctx: ServiceContext, kind: AccessKind, object: { id: string; organization_id: string }): Promise<ObjectToken[]> {
  const viewer = ctx.viewer;
  if (!viewer || viewer.organization?.id !== object.organization_id || !hasFeature(viewer.features, FEATURE[kind])) return [];
  return tokensOf[kind](ctx).load(object.id);
}

function tokenObject(token: ObjectToken): { kind: AccessKind; id: string } {
  const kind = ACCESS_KINDS.find((k) => token[COLUMN[k]])!;
  return { kind, id: token[COLUMN[kind]]! };
}

/** A key of the organisation, to a member with the feature its object needs. */
async function ownedToken(ctx: ServiceContext, id: string) {
  const row = await orMissing(ctx, ownedTokenRow(ctx, id));
  requireFeature(ctx, FEATURE[tokenObject(row).kind]);
  return row;
}

async function ownedTokenRow(ctx: ServiceContext, id: string): Promise<ObjectToken> {
  const { organizationId } = requireAccessManager(ctx);
  return ownedRow(ctx, ObjectToken, id, organizationId);
}

const tokenTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('access:errors.tokenExists'), 'token');
const limitBelowSignedUp = (ctx: ServiceContext, signedUp: number) =>
  new DomainError('INVALID', ctx.t('access:errors.limitBelowSignedUp', { signedUp }), 'limit');

/** objectTokenCreate: a key of exactly one of the organisation's conventions, halls or in-house fairs. */
export async function createObjectToken(ctx: ServiceContext, rawInput: ObjectTokenCreateInput): Promise<ObjectToken> {
  const { organizationId } = requireAccessManager(ctx);
  const input = parseInput(ctx, ObjectTokenCreateSchema, rawInput);
  const named = ACCESS_KINDS.filter((kind) => input[TOKEN_OBJECT_FIELD[kind]]);
  if (named.length !== 1) {
    throw new DomainError('INVALID', ctx.t('access:errors.oneObject'), TOKEN_OBJECT_FIELD[named[1] ?? 'convention']);
  }
  const kind = named[0];
  requireFeature(ctx, FEATURE[kind]);
  const object = await ownedRow(ctx, MODEL[kind], input[TOKEN_OBJECT_FIELD[kind]]!, organizationId, TOKEN_OBJECT_FIELD[kind]);
  const token = input.token || crypto.randomBytes(9).toString('base64url');
  if (await ctx.db('object_tokens').where({ [COLUMN[kind]]: object.id, token }).first('id')) throw tokenTaken(ctx);
  return withUniqueError(() => tokenTaken(ctx), async () => {
    const [row] = await ctx
      .db('object_tokens')
      .insert({ [COLUMN[kind]]: object.id, organization_id: organizationId, token, limit: input.limit })
      .returning('*');
    tokensOf[kind](ctx).clear(object.id);
    return row;
  });
}

/** A limit below the sign-ups so far is refused: keys already handed out stay valid. */
export async function updateObjectToken(ctx: ServiceContext, id: string, rawInput: ObjectTokenUpdateInput): Promise<ObjectToken> {
  const current = await ownedToken(ctx, id);
  const input = parseInput(ctx, ObjectTokenUpdateSchema, rawInput);
  if (input.limit !== undefined && input.limit < current.signed_up) throw limitBelowSignedUp(ctx, current.signed_up);
  const object = tokenObject(current);
  if (input.token && input.token !== current.token) {
    const taken = await ctx.db('object_tokens').where({ [COLUMN[object.kind]]: object.id, token: input.token }).first('id');
    if (taken) throw tokenTaken(ctx);
  }
  return withUniqueError(() => tokenTaken(ctx), async () => {
    const [row] = await ctx
      .db('object_tokens')
      .where({ id: current.id })
      // the limit check is repeated in the statement, so a sign-up in between cannot be cut off
      .andWhere('signed_up', '<=', input.limit ?? current.limit)
      .update({ ...definedOnly({ token: input.token, limit: input.limit }), updated_at: ctx.db.fn.now() })
      .returning('*');
    if (!row) throw limitBelowSignedUp(ctx, (await ownedToken(ctx, id)).signed_up);
    tokensOf[object.kind](ctx).clear(object.id);
    return row;
  });
}

/** Deletes a key; the permissions granted with it stay (the people who signed up keep their access). */
export async function deleteObjectToken(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const token = await ownedToken(ctx, id);
  await ctx.db('object_tokens').where({ id: token.id }).delete();
  const object = tokenObject(token);
  tokensOf[object.kind](ctx).clear(object.id);
  return { id: token.id };
}

// ---------------------------------------------------------------------------------------------------------
// Object permissions (organisers)

/** One of the organisation's conventions, halls, in-house fairs or content groups by id, else NOT_FOUND. */
export async function ownedAccessObject(
  ctx: ServiceContext,
  objectId: string,
  field = 'objectId',
): Promise<{ kind: AccessKind; id: string; organization_id: string; title: string }> {
  const { organizationId } = requireAccessManager(ctx);
  assertId(ctx, objectId, field);
  const db = ctx.db;
  const [row] = await db
    .select(db.raw("'convention' as kind"), 'id', 'organization_id', 'title')
    .from('conventions')
    .where({ id: objectId, organization_id: organizationId })
    .unionAll((q) => q.select(db.raw("'hall' as kind"), 'id', 'organization_id', 'name as title').from('halls').where({ id: objectId, organization_id: organizationId }))
    .unionAll((q) =>
      q.select(db.raw("'exhibition' as kind"), 'id', 'organization_id', 'name as title').from('exhibitions').where({ id: objectId, organization_id: organizationId }),
    )
    .unionAll((q) =>
      q.select(db.raw("'content' as kind"), 'id', 'organization_id', 'name as title').from('content_groups').where({ id: objectId, organization_id: organizationId }),
    );
  if (!row) throw missingObject(ctx, field);
  requireFeature(ctx, FEATURE[row.kind as AccessKind]);
  return row;
}

function permissionEntries(ctx: ServiceContext) {
  return ctx
    .db('object_permissions as p')
    .join('users as u', 'u.id', 'p.user_id')
    .leftJoin('object_tokens as t', 't.id', 'p.token_id')
    .select('p.id', 'p.suspended', 'p.created_at', 'p.user_id', 'u.email', 'u.first_name', 'u.last_name', 't.token');
}

async function permissionEntry(ctx: ServiceContext, id: string): Promise<ObjectPermissionRow> {
  return permissionEntries(ctx).where('p.id', id).first();
}

/** objectTokens(objectId): the keys of one of the organisation's objects, oldest first. */
export async function listObjectTokens(ctx: ServiceContext, objectId: string) {
  const object = await ownedAccessObject(ctx, objectId);
  return tokensOf[object.kind](ctx).load(object.id);
}

/** objectPermissions(objectId): who holds a permission on the object, in the order they got it. */
export async function listObjectPermissions(ctx: ServiceContext, objectId: string): Promise<ObjectPermissionRow[]> {
  const object = await ownedAccessObject(ctx, objectId);
  return permissionEntries(ctx).where(`p.${COLUMN[object.kind]}`, object.id).orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
}

/** objectPermissionAddUser(objectId, email): lets a registered user in without a key. */
export async function addObjectPermission(ctx: ServiceContext, objectId: string, rawEmail: string): Promise<ObjectPermissionRow> {
  const object = await ownedAccessObject(ctx, objectId);
  const { email } = parseInput(ctx, PermissionEmailSchema, { email: rawEmail });
  const user = await ctx.db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first('id');
  if (!user) throw new DomainError('NOT_FOUND', ctx.t('access:errors.userNotFound'), 'email');
  const column = COLUMN[object.kind];
  const [row] = await ctx
    .db('object_permissions')
    .insert({ user_id: user.id, [column]: object.id, organization_id: object.organization_id })
    .onConflict(['user_id', column])
    .ignore()
    .returning('id');
  if (!row) throw new DomainError('UNIQUE', ctx.t('access:errors.alreadyListed'), 'email');
  permissionsOfUser(ctx).clear(user.id);
  return permissionEntry(ctx, row.id);
}

/** A permission on one of the organisation's objects, to a member with the feature that object needs. */
async function ownedPermission(ctx: ServiceContext, id: string) {
  const row = await orMissing(ctx, ownedPermissionRow(ctx, id));
  requireFeature(ctx, FEATURE[objectKey(row).split(':')[0] as AccessKind]);
  return row;
}

async function ownedPermissionRow(ctx: ServiceContext, id: string): Promise<ObjectPermission> {
  const { organizationId } = requireAccessManager(ctx);
  return ownedRow(ctx, ObjectPermission, id, organizationId);
}

/** objectPermissionSuspend(id, suspended): shuts the person out of the object (or lets them back in). */
export async function suspendObjectPermission(ctx: ServiceContext, id: string, suspended = true): Promise<ObjectPermissionRow> {
  const permission = await ownedPermission(ctx, id);
  await ctx.db('object_permissions').where({ id: permission.id }).update({ suspended, updated_at: ctx.db.fn.now() });
  permissionsOfUser(ctx).clear(permission.user_id);
  return permissionEntry(ctx, permission.id);
}

/** objectPermissionRemoveUser(id): removes the permission; the person may redeem a key again. */
export async function removeObjectPermission(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const permission = await ownedPermission(ctx, id);
  await ctx.db('object_permissions').where({ id: permission.id }).delete();
  permissionsOfUser(ctx).clear(permission.user_id);
  return { id: permission.id };
}
