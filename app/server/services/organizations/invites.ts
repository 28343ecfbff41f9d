import crypto from 'node:crypto';
import { InviteSchema, type MemberRole } from '~/lib/schemas/organization';
import { isLanguage, type Language } from '~/lib/language';
import { inTransaction, type ServiceContext } from '../../context.server';
import { enqueueMail } from '../../mail/outbox.server';
import { inviteMail } from '../../mail/templates.server';
import { assertId, requireFeature, requireOrgAdmin, requireViewer } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { refreshViewer } from '../../viewer.server';

/** An invitation link stays valid this long. */
export const INVITE_VALID_DAYS = 14;

export interface InviteRecord {
  id: string;
  organization_id: string;
  organization_name?: string;
  email: string;
  role: MemberRole;
  state: 'CREATED' | 'OPENED';
  accepted_at: Date | null;
  expires_at: Date;
  created_at: Date;
}

const INVITE_COLUMNS = ['i.id', 'i.organization_id', 'i.email', 'i.role', 'i.state', 'i.accepted_at', 'i.expires_at', 'i.created_at'];

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function publicUrl(ctx: ServiceContext): string {
  return (ctx.app.env.PUBLIC_URL ?? `http://localhost:${ctx.app.env.PORT}`).replace(/\/$/, '');
}

/** The link in the invite mail: works for existing accounts (log in, accept) and new ones (register, accept). */
export function inviteLink(ctx: ServiceContext, email: string, token: string): string {
  const params = new URLSearchParams({ email, token });
  return `${publicUrl(ctx)}/invites?${params.toString()}`;
}

/** Pending invites of the viewer's organisation (orgInvites); admins only. */
export async function listOrganizationInvites(ctx: ServiceContext): Promise<InviteRecord[]> {
  const { organizationId } = requireOrgAdmin(ctx);
  return ctx
    .db('invites as i')
    .where('i.organization_id', organizationId)
    .whereNull('i.accepted_at')
    .orderBy('i.created_at', 'desc')
    .select(INVITE_COLUMNS);
}

/**
 * Invites someone by e-mail into the viewer's organisation with a role; sends the invite mail in the same
 * transaction (outbox). Errors: already a member, an invite exists (spec 001 point 8).
 */
export async function inviteUser(ctx: ServiceContext, rawInput: { email: string; role?: MemberRole | null }): Promise<InviteRecord> {
  const { viewer, organizationId } = requireOrgAdmin(ctx);
  requireFeature(ctx, 'userManagement');
  const input = parseInput(ctx, InviteSchema, { email: rawInput.email, role: rawInput.role ?? undefined });

  const member = await ctx
    .db('organization_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', organizationId)
    .whereRaw('lower(u.email) = ?', [input.email])
    .first('m.id');
  if (member) throw new DomainError('INVALID', ctx.t('org:errors.userAlreadyInOrganisation'), 'email');

  const token = crypto.randomBytes(32).toString('base64url');
  const invitee = await ctx.db('users').whereRaw('lower(email) = ?', [input.email]).first('first_name', 'last_name', 'default_language');
  const language: Language = isLanguage(invitee?.default_language) ? invitee.default_language : ctx.language;
  const organization = await ctx.db('organizations').where({ id: organizationId }).first('name');

  try {
    return await inTransaction(ctx, async (tx) => {
      const [invite] = await tx
        .db('invites')
        .insert({
          organization_id: organizationId,
          email: input.email,
          role: input.role,
          token_hash: hashToken(token),
          invited_by_id: viewer.userId,
          expires_at: new Date(Date.now() + INVITE_VALID_DAYS * 24 * 3600 * 1000),
        })
        .returning(['id', 'organization_id', 'email', 'role', 'state', 'accepted_at', 'expires_at', 'created_at']);
      const name = invitee ? `${invitee.first_name} ${invitee.last_name}`.trim() : '';
      const inviter = `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
      await enqueueMail(tx.db, {
        to: input.email,
        ...inviteMail(language, name, inviteLink(tx, input.email, token), {
          organisation: organization.name,
          inviter,
          days: INVITE_VALID_DAYS,
        }),
      });
      return invite as InviteRecord;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new DomainError('UNIQUE', ctx.t('org:errors.inviteExists'), 'email');
    }
    throw error;
  }
}

/** Withdraws a pending invite of the viewer's organisation; other organisations' invites are NOT_FOUND. */
export async function cancelInvite(ctx: ServiceContext, inviteId: string): Promise<string> {
  const { organizationId } = requireOrgAdmin(ctx);
  requireFeature(ctx, 'userManagement');
  assertId(ctx, inviteId);
  const deleted = await ctx
    .db('invites')
    .where({ id: inviteId, organization_id: organizationId })
    .whereNull('accepted_at')
    .delete();
  if (!deleted) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  return inviteId;
}

async function findInviteByToken(ctx: ServiceContext, email: string, token: string) {
  const invite = await ctx
    .db('invites as i')
    .join('organizations as o', 'o.id', 'i.organization_id')
    .where('i.token_hash', hashToken(token))
    .first([...INVITE_COLUMNS, 'o.name as organization_name']);
  const valid =
    invite &&
    !invite.accepted_at &&
    new Date(invite.expires_at).getTime() > Date.now() &&
    invite.email.toLowerCase() === email.trim().toLowerCase();
  return valid ? (invite as InviteRecord) : null;
}

/** Looks up an invite from its mail link (public: the invitee may have no account yet) and marks it OPENED. */
export async function openInvite(ctx: ServiceContext, email: string, token: string): Promise<InviteRecord> {
  const invite = await findInviteByToken(ctx, email, token);
  if (!invite) throw new DomainError('INVALID', ctx.t('org:errors.inviteInvalid'), 'token');
  if (invite.state === 'CREATED') {
    await ctx.db('invites').where({ id: invite.id }).update({ state: 'OPENED', updated_at: ctx.db.fn.now() });
    invite.state = 'OPENED';
  }
  return invite;
}

async function joinOrganization(ctx: ServiceContext, invite: InviteRecord): Promise<InviteRecord> {
  const viewer = requireViewer(ctx);
  const joined = await inTransaction(ctx, async (tx) => {
    const claimed = await tx
      .db('invites')
      .where({ id: invite.id })
      .whereNull('accepted_at')
      .update({ accepted_at: tx.db.fn.now(), accepted_by_id: viewer.userId, state: 'OPENED', updated_at: tx.db.fn.now() });
    if (!claimed) throw new DomainError('INVALID', ctx.t('org:errors.inviteInvalid'), 'token');
    await tx
      .db('organization_members')
      .insert({ organization_id: invite.organization_id, user_id: viewer.userId, role: invite.role, sales: invite.role === 'sales' })
      .onConflict(['organization_id', 'user_id'])
      .ignore();
    await tx
      .db('users')
      .where({ id: viewer.userId })
      .whereNull('default_organization_id')
      .update({ default_organization_id: invite.organization_id });
    return { ...invite, accepted_at: new Date() };
  });
  await refreshViewer(ctx.db, viewer);
  return joined;
}

/** acceptInvitation(email, token): the logged-in invitee joins; the invite must be addressed to their e-mail. */
export async function acceptInvitation(ctx: ServiceContext, email: string, token: string): Promise<InviteRecord> {
  const viewer = requireViewer(ctx);
  const invite = await findInviteByToken(ctx, email, token);
  if (!invite) throw new DomainError('INVALID', ctx.t('org:errors.inviteInvalid'), 'token');
  if (invite.email.toLowerCase() !== viewer.email.toLowerCase()) {
    throw new DomainError('PERMISSION_DENIED', ctx.t('org:errors.inviteOtherEmail'), 'email');
  }
  return joinOrganization(ctx, invite);
}

/** The viewer's own pending invites (their e-mail is confirmed, so no token is needed on /invites). */
export async function listMyInvites(ctx: ServiceContext): Promise<InviteRecord[]> {
  const viewer = requireViewer(ctx);
  return ctx
    .db('invites as i')
    .join('organizations as o', 'o.id', 'i.organization_id')
    .whereRaw('lower(i.email) = ?', [viewer.email.toLowerCase()])
    .whereNull('i.accepted_at')
    .where('i.expires_at', '>', ctx.db.fn.now())
    .orderBy('i.created_at', 'desc')
    .select([...INVITE_COLUMNS, 'o.name as organization_name']);
}

/** Accepts one of the viewer's own pending invites by id (the /invites page). */
export async function acceptMyInvite(ctx: ServiceContext, inviteId: string): Promise<InviteRecord> {
  const invite = (await listMyInvites(ctx)).find((i) => i.id === inviteId);
  if (!invite) throw new DomainError('NOT_FOUND', ctx.t('org:errors.inviteInvalid'), 'id');
  return joinOrganization(ctx, invite);
}
