import crypto from 'node:crypto';
import DataLoader from 'dataloader';
import { Invite, OrganizationMember, User } from '#db/models/index';
import { InviteSchema, type MemberRole } from '~/lib/schemas/organization';
import { isLanguage, type Language } from '~/lib/language';
import { defineLoader, inTransaction, type ServiceContext } from '../../context.server';
import { sendOrganizationMail } from '../email/emails';
import { inviteBlocks } from '../email/blocks';
import { assertId, requireViewer } from '../authz';
import { requireMember } from '../access/membership';
import { DomainError } from '../errors';
import { isUniqueViolation } from '../slugs';
import { parseInput } from '../validation';
import { refreshViewer } from '../../viewer.server';
import { mayReadInvites, requireUserManagement } from './policy';

/** An invitation link stays valid this long. */
export const INVITE_VALID_DAYS = 14;

/** An invite with the name of the organisation it invites into (lists, mails, the API's Invite). */
export type InviteRow = Invite & { organization_name: string };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Invites with their organisation's name. */
const invitesQuery = (ctx: ServiceContext) =>
  Invite.query(ctx.db).joinRelated('organization').select('invites.*', 'organization.name as organization_name').castTo<InviteRow[]>();

function publicUrl(ctx: ServiceContext): string {
  return (ctx.app.env.PUBLIC_URL ?? `http://localhost:${ctx.app.env.PORT}`).replace(/\/$/, '');
}

/** The link in the invite mail: works for existing accounts (log in, accept) and new ones (register, accept). */
export function inviteLink(ctx: ServiceContext, email: string, token: string): string {
  const params = new URLSearchParams({ email, token });
  return `${publicUrl(ctx)}/invites?${params.toString()}`;
}

/** Pending invites of many organisations in one query; private, so rows only leave through the policy. */
const pendingInvitesByOrganization = defineLoader(
  (ctx) =>
    new DataLoader<string, InviteRow[]>(async (organizationIds) => {
      const rows = await invitesQuery(ctx)
        .whereIn('invites.organization_id', [...organizationIds])
        .whereNull('invites.accepted_at')
        .orderBy('invites.created_at', 'desc');
      return organizationIds.map((id) => rows.filter((r) => r.organization_id === id));
    }),
);

/** Pending invites of the viewer's organisation (orgInvites); admins only. */
export async function listOrganizationInvites(ctx: ServiceContext): Promise<InviteRow[]> {
  const { organizationId } = requireMember(ctx, { role: 'admin' });
  return pendingInvitesByOrganization(ctx).load(organizationId);
}

/** Pending invites of an organisation as far as the viewer may see them: all for its admins and staff, else none. */
export async function invitesOf(ctx: ServiceContext, organizationId: string): Promise<InviteRow[]> {
  if (!mayReadInvites(ctx.viewer, organizationId)) return [];
  return pendingInvitesByOrganization(ctx).load(organizationId);
}

/**
 * Invites someone by e-mail into the viewer's organisation with a role; sends the invite mail in the same
 * transaction (outbox). Errors: already a member, an invite exists (spec 001 point 8).
 */
export async function inviteUser(ctx: ServiceContext, rawInput: { email: string; role?: MemberRole | null }): Promise<InviteRow> {
  const { viewer, organizationId } = requireUserManagement(ctx);
  const input = parseInput(ctx, InviteSchema, { email: rawInput.email, role: rawInput.role ?? undefined });

  const member = await OrganizationMember.query(ctx.db)
    .joinRelated('user')
    .where('organization_members.organization_id', organizationId)
    .whereRaw('lower("user".email) = ?', [input.email])
    .first();
  if (member) throw new DomainError('INVALID', ctx.t('org:errors.userAlreadyInOrganisation'), 'email');

  const token = crypto.randomBytes(32).toString('base64url');
  const invitee = await User.query(ctx.db).whereRaw('lower(email) = ?', [input.email]).first();
  const language: Language = isLanguage(invitee?.default_language) ? invitee.default_language : ctx.language;
  const organizationName = viewer.organization!.name;

  try {
    return await inTransaction(ctx, async (tx) => {
      const invite = await Invite.query(tx.db)
        .insert({
          organization_id: organizationId,
          email: input.email,
          role: input.role,
          token_hash: hashToken(token),
          invited_by_id: viewer.userId,
          expires_at: new Date(Date.now() + INVITE_VALID_DAYS * 24 * 3600 * 1000),
        })
        .returning('*');
      const name = invitee ? `${invitee.first_name} ${invitee.last_name}`.trim() : '';
      const inviter = `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
      // the organisation's template (issue 29): its look and texts, in its delivery log; no open pixel, since the
      // invited person agreed to no tracking: the invite is CREATED until its link is followed (openInvite), then OPENED
      await sendOrganizationMail(tx, {
        organizationId,
        template: 'invite',
        language,
        to: input.email,
        name,
        values: { organisation: organizationName, inviter, days: String(INVITE_VALID_DAYS) },
        blocks: inviteBlocks(language, inviteLink(tx, input.email, token)),
      });
      return Object.assign(invite, { organization_name: organizationName });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invites_pending_uniq')) throw new DomainError('UNIQUE', ctx.t('org:errors.inviteExists'), 'email');
    throw error;
  }
}

/** Withdraws a pending invite of the viewer's organisation; other organisations' invites are NOT_FOUND. */
export async function cancelInvite(ctx: ServiceContext, inviteId: string): Promise<string> {
  const { organizationId } = requireMember(ctx, { role: 'admin', feature: 'userManagement' });
  assertId(ctx, inviteId);
  const deleted = await ctx
    .db('invites')
    .where({ id: inviteId, organization_id: organizationId })
    .whereNull('accepted_at')
    .delete();
  if (!deleted) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  return inviteId;
}

async function findInviteByToken(ctx: ServiceContext, email: string, token: string): Promise<InviteRow | null> {
  const [invite] = await invitesQuery(ctx).where('invites.token_hash', hashToken(token));
  const valid =
    invite &&
    !invite.accepted_at &&
    new Date(invite.expires_at).getTime() > Date.now() &&
    invite.email.toLowerCase() === email.trim().toLowerCase();
  return valid ? invite : null;
}

/** Looks up an invite from its mail link (public: the invitee may have no account yet) and marks it OPENED. */
export async function openInvite(ctx: ServiceContext, email: string, token: string): Promise<InviteRow> {
  const invite = await findInviteByToken(ctx, email, token);
  if (!invite) throw new DomainError('INVALID', ctx.t('org:errors.inviteInvalid'), 'token');
  if (invite.state === 'CREATED') {
    await Invite.query(ctx.db).findById(invite.id).patch({ state: 'OPENED' });
    await markInviteMailOpened(ctx, invite);
    invite.state = 'OPENED';
  }
  return invite;
}

/**
 * The invite's mail in the organisation's delivery log counts as opened once its link was followed (issue 29): the
 * invite carries no open pixel, so following the link is what opening is. The mail is the invite mail to the address
 * written with the invite (same transaction, so not older than the invite).
 */
async function markInviteMailOpened(ctx: ServiceContext, invite: Pick<InviteRow, 'organization_id' | 'email' | 'created_at'>): Promise<void> {
  await ctx
    .db('email_deliveries')
    .where({ organization_id: invite.organization_id, template_key: 'invite' })
    .whereRaw('lower(recipient) = lower(?)', [invite.email])
    .where('created_at', '>=', invite.created_at)
    .whereNull('opened_at')
    .update({ opened_at: new Date() });
}

async function joinOrganization(ctx: ServiceContext, invite: InviteRow): Promise<InviteRow> {
  const viewer = requireViewer(ctx);
  const joined = await inTransaction(ctx, async (tx) => {
    const acceptedAt = new Date();
    const claimed = await Invite.query(tx.db)
      .findById(invite.id)
      .whereNull('accepted_at')
      .patch({ accepted_at: acceptedAt, accepted_by_id: viewer.userId, state: 'OPENED' });
    if (!claimed) throw new DomainError('INVALID', ctx.t('org:errors.inviteInvalid'), 'token');
    await OrganizationMember.query(tx.db)
      .insert({ organization_id: invite.organization_id, user_id: viewer.userId, role: invite.role, sales: invite.role === 'sales' })
      .onConflict(['organization_id', 'user_id'])
      .ignore();
    await User.query(tx.db)
      .where({ id: viewer.userId })
      .whereNull('default_organization_id')
      .patch({ default_organization_id: invite.organization_id });
    invite.accepted_at = acceptedAt;
    invite.accepted_by_id = viewer.userId;
    invite.state = 'OPENED';
    return invite;
  });
  await refreshViewer(ctx.db, viewer);
  return joined;
}

/** acceptInvitation(email, token): the logged-in invitee joins; the invite must be addressed to their e-mail. */
export async function acceptInvitation(ctx: ServiceContext, email: string, token: string): Promise<InviteRow> {
  const viewer = requireViewer(ctx);
  const invite = await findInviteByToken(ctx, email, token);
  if (!invite) throw new DomainError('INVALID', ctx.t('org:errors.inviteInvalid'), 'token');
  if (invite.email.toLowerCase() !== viewer.email.toLowerCase()) {
    throw new DomainError('PERMISSION_DENIED', ctx.t('org:errors.inviteOtherEmail'), 'email');
  }
  return joinOrganization(ctx, invite);
}

/** The viewer's own pending invites (their e-mail is confirmed, so no token is needed on /invites). */
export async function listMyInvites(ctx: ServiceContext): Promise<InviteRow[]> {
  const viewer = requireViewer(ctx);
  return invitesQuery(ctx)
    .whereRaw('lower(invites.email) = ?', [viewer.email.toLowerCase()])
    .whereNull('invites.accepted_at')
    .where('invites.expires_at', '>', ctx.db.fn.now())
    .orderBy('invites.created_at', 'desc');
}

/** Accepts one of the viewer's own pending invites by id (the /invites page). */
export async function acceptMyInvite(ctx: ServiceContext, inviteId: string): Promise<InviteRow> {
  const invite = (await listMyInvites(ctx)).find((i) => i.id === inviteId);
  if (!invite) throw new DomainError('NOT_FOUND', ctx.t('org:errors.inviteInvalid'), 'id');
  return joinOrganization(ctx, invite);
}
