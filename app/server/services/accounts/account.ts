import { isLanguage, type Language } from '~/lib/language';
import { inTransaction, type ServiceContext } from '../../context.server';
import { ACCOUNT_TOKEN_TTL_SECONDS, consumeAccountToken, issueAccountToken } from '../../auth/tokens.server';
import { enqueueMail, notifyOutbox } from '../../mail/outbox.server';
import { accountDeletionMail } from '../../mail/templates.server';
import { DomainError, type FieldError } from '../errors';
import { organizationColumns, type OrganizationRecord } from '../organizations/organizations';
import { revokeAllCredentials } from './authentication';
import { linkWith, mailLinkBase, requireViewer, throwIfAny, type UserRow } from './common';
import { addressOfUser, type Address } from './address';
import { isUuid } from '~/lib/ids';

export interface AccountUpdateInput {
  defaultLanguage?: string | null;
  avatarId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const NAME_MAX = 150;

export interface Me {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  isActive: boolean;
  dateJoined: Date;
  defaultLanguage: Language;
  sales: boolean;
  avatar: { id: string; mimeType: string; width: number | null; height: number | null } | null;
  address: Address | null;
  organization: { id: string; name: string; slug: string } | null;
  organizations: { id: string; name: string; slug: string }[];
}

/** The logged-in user (spec 000 point 3), or null for a visitor. */
export async function me(ctx: ServiceContext): Promise<Me | null> {
  const viewer = ctx.viewer;
  if (!viewer) return null;
  const user = await ctx.db('users').where({ id: viewer.userId }).first<UserRow | undefined>();
  if (!user) return null;
  const avatar = user.avatar_id
    ? await ctx.db('files').where({ id: user.avatar_id }).first('id', 'mime_type', 'width', 'height')
    : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    isStaff: user.is_staff,
    isActive: user.is_active,
    dateJoined: user.date_joined,
    defaultLanguage: user.default_language,
    sales: viewer.sales,
    avatar: avatar ? { id: avatar.id, mimeType: avatar.mime_type, width: avatar.width, height: avatar.height } : null,
    address: await addressOfUser(ctx, user.id),
    organization: viewer.organization,
    organizations: viewer.organizations,
  };
}

/**
 * The full records of the viewer's organisations (for the GraphQL Organization type): the current one first,
 * then the others in membership order. Only active organisations the viewer is a member of.
 */
export async function myOrganizations(ctx: ServiceContext): Promise<OrganizationRecord[]> {
  const viewer = ctx.viewer;
  if (!viewer || !viewer.organizations.length) return [];
  const rows = await ctx
    .db('organizations')
    .whereIn('id', viewer.organizations.map((o) => o.id))
    .select<OrganizationRecord[]>(organizationColumns());
  const order = [viewer.organization?.id, ...viewer.organizations.map((o) => o.id)];
  return rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/** Changes the viewer's names, default language (DE or EN) and avatar (an image the viewer uploaded). */
export async function accountUpdate(ctx: ServiceContext, input: AccountUpdateInput): Promise<Me> {
  const viewer = requireViewer(ctx);
  const errors: FieldError[] = [];
  const changes: Record<string, unknown> = {};
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
      ? await ctx.db('files').where({ id: input.avatarId, uploaded_by_id: viewer.userId }).first('id', 'mime_type')
      : undefined;
    if (!file) errors.push({ code: 'NOT_FOUND', field: 'avatarId', message: ctx.t('auth:avatarNotFound') });
    else if (!String(file.mime_type).startsWith('image/')) {
      errors.push({ code: 'INVALID', field: 'avatarId', message: ctx.t('auth:avatarNotImage') });
    } else changes.avatar_id = file.id;
  } else if (input.avatarId === null) {
    changes.avatar_id = null;
  }
  throwIfAny(errors);
  if (Object.keys(changes).length) {
    await ctx.db('users').where({ id: viewer.userId }).update({ ...changes, updated_at: ctx.db.fn.now() });
    if (typeof changes.default_language === 'string') viewer.defaultLanguage = changes.default_language as Language;
  }
  return (await me(ctx))!;
}

/** Mails the viewer a link to confirm the deletion: `${redirectUrl or PUBLIC_URL/delete-account}?token=...`. */
export async function accountRequestDeletion(ctx: ServiceContext, redirectUrl?: string | null): Promise<void> {
  const viewer = requireViewer(ctx);
  const linkBase = mailLinkBase(ctx, redirectUrl, '/delete-account');
  const user = await ctx.db('users').where({ id: viewer.userId }).first<UserRow>();
  await inTransaction(ctx, async (tx) => {
    const token = await issueAccountToken(tx.db, user.id, 'account_deletion');
    const hours = ACCOUNT_TOKEN_TTL_SECONDS.account_deletion / 3600;
    await enqueueMail(tx.db, {
      to: user.email,
      ...accountDeletionMail(user.default_language, user.first_name, linkWith(linkBase, { token }), hours),
    });
  });
  notifyOutbox(ctx.app);
}

/**
 * Deletes the viewer's account with the token of the deletion mail. Memberships, address, sessions and tokens
 * go with it (foreign keys cascade); uploaded files stay with their organisation.
 */
export async function accountDelete(ctx: ServiceContext, token: string): Promise<{ id: string }> {
  const viewer = requireViewer(ctx);
  await inTransaction(ctx, async (tx) => {
    if (!(await consumeAccountToken(tx.db, viewer.userId, 'account_deletion', token ?? ''))) {
      throw new DomainError('INVALID', ctx.t('auth:deletionTokenInvalid'), 'token');
    }
    await revokeAllCredentials(tx, viewer.userId);
    await tx.db('users').where({ id: viewer.userId }).delete();
  });
  return { id: viewer.userId };
}
