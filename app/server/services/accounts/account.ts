import { Organization, UploadedFile, User } from '#db/models/index';
import { findFile } from '../files/files.server';
import { isLanguage } from '~/lib/language';
import { inTransaction, type ServiceContext } from '../../context.server';
import { ACCOUNT_TOKEN_TTL_SECONDS, consumeAccountToken, issueAccountToken } from '../../auth/tokens.server';
import { enqueueMail, notifyOutbox } from '../../mail/outbox.server';
import { accountDeletionMail } from '../../mail/account-mail.server';
import { requireViewer } from '../authz';
import { DomainError, type FieldError } from '../errors';
import { revokeAllCredentials } from './authentication';
import { linkWith, mailLinkBase, throwIfAny } from './common';
import { mayReadAccount } from './policy';
import { isUuid } from '~/lib/ids';

export interface AccountUpdateInput {
  defaultLanguage?: string | null;
  avatarId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const NAME_MAX = 150;

/** The logged-in user (spec 000 point 3), or null for a visitor. */
export async function me(ctx: ServiceContext): Promise<User | null> {
  if (!ctx.viewer) return null;
  return (await User.query(ctx.db).findById(ctx.viewer.userId)) ?? null;
}

/**
 * A user's organisations, for that user only (others get none): the current one first, then the others in
 * membership order. Only active organisations the user is a member of.
 */
export async function organizationsOfUser(ctx: ServiceContext, userId: string): Promise<Organization[]> {
  const viewer = ctx.viewer;
  if (!viewer || !mayReadAccount(viewer, userId) || !viewer.organizations.length) return [];
  const rows = await Organization.query(ctx.db).findByIds(viewer.organizations.map((o) => o.id));
  const order = [viewer.organization?.id, ...viewer.organizations.map((o) => o.id)];
  return rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/** The organisation the user works in now, for that user only. */
export async function currentOrganizationOfUser(ctx: ServiceContext, userId: string): Promise<Organization | null> {
  return (await organizationsOfUser(ctx, userId))[0] ?? null;
}

/** The user's avatar picture, for that user only, and only as /files/{id} would hand it out. */
export async function avatarOfUser(ctx: ServiceContext, user: Pick<User, 'id' | 'avatar_id'>): Promise<UploadedFile | null> {
  if (!user.avatar_id || !mayReadAccount(ctx.viewer, user.id)) return null;
  return findFile(ctx, user.avatar_id);
}

/** Whether the user is a sales user in their current organisation (known for the viewer only). */
export function isSalesUser(ctx: ServiceContext, userId: string): boolean {
  return Boolean(ctx.viewer && mayReadAccount(ctx.viewer, userId) && ctx.viewer.sales);
}

/** Changes the viewer's names, default language (DE or EN) and avatar (an image the viewer uploaded). */
export async function accountUpdate(ctx: ServiceContext, input: AccountUpdateInput): Promise<User> {
  const viewer = requireViewer(ctx);
  const errors: FieldError[] = [];
  const changes: Partial<Pick<User, 'first_name' | 'last_name' | 'default_language' | 'avatar_id'>> = {};
  for (const [field, column] of [['firstName', 'first_name'], ['lastName', 'last_name']] as const) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const trimmed = value.trim();
    if (!trimmed) errors.push({ code: 'REQUIRED', field, message: ctx.t('validation:required') });
    else if (trimmed.length > NAME_MAX) {
      errors.push({ code: 'INVALID', field, message: ctx.t('validation:maxLength', { max: NAME_MAX }) });
    } else changes[column] = trimmed;
  }
  if (input.defaultLanguage !== undefined && input.defaultLanguage !== null) {
    const code = input.defaultLanguage.trim().toUpperCase();
    if (isLanguage(code)) changes.default_language = code;
    else {
      errors.push({
        code: 'INVALID',
        field: 'defaultLanguage',
        message: ctx.t('errors:invalidLanguage', { value: input.defaultLanguage }),
      });
    }
  }
  if (input.avatarId) {
    const file = isUuid(input.avatarId)
      ? await UploadedFile.query(ctx.db).findOne({ id: input.avatarId, uploaded_by_id: viewer.userId })
      : undefined;
    if (!file) errors.push({ code: 'NOT_FOUND', field: 'avatarId', message: ctx.t('auth:avatarNotFound') });
    else if (!file.mime_type.startsWith('image/')) {
      errors.push({ code: 'INVALID', field: 'avatarId', message: ctx.t('auth:avatarNotImage') });
    } else changes.avatar_id = file.id;
  } else if (input.avatarId === null) {
    changes.avatar_id = null;
  }
  throwIfAny(errors);
  if (Object.keys(changes).length) {
    const user = await User.query(ctx.db).patchAndFetchById(viewer.userId, changes);
    if (changes.default_language) viewer.defaultLanguage = changes.default_language;
    return user;
  }
  return (await me(ctx))!;
}

/** Mails the viewer a link to confirm the deletion: `${redirectUrl or PUBLIC_URL/delete-account}?token=...`. */
export async function accountRequestDeletion(ctx: ServiceContext, redirectUrl?: string | null): Promise<void> {
  const viewer = requireViewer(ctx);
  const linkBase = mailLinkBase(ctx, redirectUrl, '/delete-account');
  await refuseWhileLastAdmin(ctx, viewer.userId);
  const user = await User.query(ctx.db).findById(viewer.userId).throwIfNotFound();
  await inTransaction(ctx, async (tx) => {
    const token = await issueAccountToken(tx.db, user.id, 'account_deletion');
    const hours = ACCOUNT_TOKEN_TTL_SECONDS.account_deletion / 3600;
    await enqueueMail(tx.db, {
      to: user.email,
      ...(await accountDeletionMail(user.default_language, user.first_name, linkWith(linkBase, { token }), hours)),
    });
  });
  notifyOutbox(ctx.app);
}

/** An organisation the user cannot leave yet: they are its last admin and others are members of it. */
export interface HandOverNeeded {
  id: string;
  name: string;
}

/**
 * The organisations whose last admin (or owner) the user is while other people are members: deleting the account
 * would leave those members without anyone to manage them, so the user hands over first (makes another member
 * admin). An organisation the user is the only member of does not hold them back.
 */
export async function organizationsNeedingHandOver(ctx: ServiceContext, userId: string): Promise<HandOverNeeded[]> {
  const admin = (alias: string) => ctx.db.raw(`(${alias}.role = 'admin' or ${alias}.is_owner)`);
  return ctx
    .db('organization_members as m')
    .join('organizations as o', 'o.id', 'm.organization_id')
    .where('m.user_id', userId)
    .where(admin('m'))
    .whereNotExists((q) =>
      q.select(ctx.db.raw('1')).from('organization_members as a').whereRaw('a.organization_id = m.organization_id').whereNot('a.user_id', userId).where(admin('a')),
    )
    .whereExists((q) => q.select(ctx.db.raw('1')).from('organization_members as x').whereRaw('x.organization_id = m.organization_id').whereNot('x.user_id', userId))
    .orderBy('o.name')
    .select('o.id', 'o.name');
}

async function refuseWhileLastAdmin(ctx: ServiceContext, userId: string): Promise<void> {
  const organizations = await organizationsNeedingHandOver(ctx, userId);
  if (organizations.length) {
    throw new DomainError('LAST_ADMIN', ctx.t('auth:deletion.handOverFirst', { organizations: organizations.map((o) => o.name).join(', ') }), null);
  }
}

/**
 * Deletes the viewer's account with the token of the deletion mail. Memberships, address, sessions and tokens
 * go with it (foreign keys cascade); uploaded files stay with their organisation. The last admin of an organisation
 * with other members is refused (LAST_ADMIN, the token stays valid); an owner's organisations pass to their
 * longest-standing other admin.
 */
export async function accountDelete(ctx: ServiceContext, token: string): Promise<{ id: string }> {
  const viewer = requireViewer(ctx);
  await inTransaction(ctx, async (tx) => {
    await refuseWhileLastAdmin(tx, viewer.userId);
    if (!(await consumeAccountToken(tx.db, viewer.userId, 'account_deletion', token ?? ''))) {
      throw new DomainError('INVALID', ctx.t('auth:deletionTokenInvalid'), 'token');
    }
    const owned = await tx.db('organization_members').where({ user_id: viewer.userId, is_owner: true }).pluck('organization_id');
    for (const organizationId of owned) {
      const heir = await tx
        .db('organization_members')
        .where({ organization_id: organizationId, role: 'admin' })
        .whereNot('user_id', viewer.userId)
        .orderBy('created_at')
        .first('id');
      if (heir) await tx.db('organization_members').where({ id: heir.id }).update({ is_owner: true });
    }
    await revokeAllCredentials(tx, viewer.userId);
    await User.query(tx.db).deleteById(viewer.userId);
  });
  return { id: viewer.userId };
}
