import crypto from 'node:crypto';
import { Lead, LeadMailRequest, Organization, type Language, type LeadForm, type LeadMailRequestStatus } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { getT } from '../../i18n.server';
import { enqueueMail, notifyOutbox } from '../../mail/outbox.server';
import { leadMailConfirmationMail } from '../../mail/account-mail.server';
import { publicBaseUrl } from '../accounts/common';
import { DomainError } from '../errors';
import { queueInformationMail } from './info';
import { requireLeadUser } from './policy';

/**
 * The information mail of the public lead form, asked for by someone not logged in (issue 24 item 2; decision 018).
 * Anyone can type any address into a public form, so the form never mails what was typed into it to an address that
 * has not confirmed it: the address first gets a neutral confirmation mail (the organisation's name and our
 * confirmation page, no name, note or link from the form: double opt-in, as newsletter tools do and German law asks
 * for), and the information mail, with the lead's name, only after the confirmation. Limits: an address gets at most
 * ADDRESS_LIMIT confirmation mails a day (over all organisations), a client (IP, kept as a keyed hash) asks for at
 * most CLIENT_LIMIT an hour. A refused request still saves the lead (the contact is not lost) but sends nothing, and
 * is listed for the organisation in its leads console.
 */

export const MAIL_REQUEST_LIMITS = { address: 3, addressWindowHours: 24, client: 10, clientWindowHours: 1, confirmDays: 7 } as const;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The client as a keyed hash (no address stored); 'unknown' when the door does not know it (counted together). */
function clientHash(ctx: ServiceContext, client: string | null | undefined): string {
  return crypto.createHmac('sha256', ctx.app.env.sessionSecret).update(`lead-mail:${client || 'unknown'}`).digest('hex');
}

async function countSince(ctx: ServiceContext, where: (q: ReturnType<typeof LeadMailRequest.query>) => void, hours: number): Promise<number> {
  const query = LeadMailRequest.query(ctx.db).whereIn('status', ['PENDING', 'CONFIRMED']).whereRaw("created_at > now() - make_interval(hours => ?)", [hours]);
  where(query);
  return query.resultSize();
}

/**
 * In the capture's transaction: records the request and, within the limits, queues the neutral confirmation mail.
 * Answers the request's status.
 */
export async function requestInformationMail(
  ctx: ServiceContext,
  lead: Lead,
  form: LeadForm,
  client: string | null | undefined,
): Promise<LeadMailRequestStatus> {
  const email = lead.email.trim().toLowerCase();
  const hash = clientHash(ctx, client);
  // one request at a time per address, so two submissions at once cannot both pass the count
  await ctx.db.raw('select pg_advisory_xact_lock(hashtext(?))', [`lead-mail:${email}`]);
  const byClient = await countSince(ctx, (q) => q.where('client_hash', hash), MAIL_REQUEST_LIMITS.clientWindowHours);
  const byAddress = await countSince(ctx, (q) => q.whereRaw('lower(email) = ?', [email]), MAIL_REQUEST_LIMITS.addressWindowHours);
  const status: LeadMailRequestStatus =
    byAddress >= MAIL_REQUEST_LIMITS.address ? 'THROTTLED_ADDRESS' : byClient >= MAIL_REQUEST_LIMITS.client ? 'THROTTLED_CLIENT' : 'PENDING';
  const token = status === 'PENDING' ? crypto.randomBytes(24).toString('base64url') : null;
  await LeadMailRequest.query(ctx.db).insert({
    organization_id: lead.organization_id,
    lead_id: lead.id,
    form_id: form.id,
    email,
    client_hash: hash,
    status,
    token_hash: token ? sha256(token) : null,
  });
  if (token) {
    const organization = await Organization.query(ctx.db).findById(lead.organization_id);
    const link = new URL(`/leadform/confirm?token=${encodeURIComponent(token)}&lang=${lead.language}`, publicBaseUrl(ctx.app.env)).toString();
    await enqueueMail(ctx.db, { to: email, ...(await leadMailConfirmationMail(lead.language, link, organization?.name ?? '', MAIL_REQUEST_LIMITS.confirmDays)) });
  }
  return status;
}

const invalidLink = (ctx: ServiceContext) => new DomainError('INVALID', ctx.t('leads:errors.confirmLinkInvalid'), 'token');

/** The pending request of a confirmation link (within its days), or INVALID. */
async function pendingRequest(ctx: ServiceContext, token: string): Promise<LeadMailRequest> {
  const value = String(token ?? '').trim();
  if (!value || value.length > 64) throw invalidLink(ctx);
  const request = await LeadMailRequest.query(ctx.db)
    .findOne({ token_hash: sha256(value) })
    .whereRaw('created_at > now() - make_interval(days => ?)', [MAIL_REQUEST_LIMITS.confirmDays]);
  if (!request || !request.lead_id) throw invalidLink(ctx);
  return request;
}

/** What the confirmation page shows before the button: the organisation, and whether it was confirmed already. */
export async function mailRequestOf(ctx: ServiceContext, token: string): Promise<{ organisation: string; confirmed: boolean }> {
  const request = await pendingRequest(ctx, token);
  const organization = await Organization.query(ctx.db).findById(request.organization_id);
  return { organisation: organization?.name ?? '', confirmed: request.status === 'CONFIRMED' };
}

/**
 * The address confirms (a button on the confirmation page, so a mail scanner following the link confirms nothing):
 * the request becomes CONFIRMED and the lead's information mail is queued, in the lead's language. Confirming twice
 * changes nothing.
 */
export async function confirmMailRequest(ctx: ServiceContext, token: string): Promise<{ organisation: string }> {
  const request = await pendingRequest(ctx, token);
  const organization = await Organization.query(ctx.db).findById(request.organization_id);
  const sent = await inTransaction(ctx, async (tx) => {
    const marked = await LeadMailRequest.query(tx.db)
      .patch({ status: 'CONFIRMED', confirmed_at: new Date() })
      .where({ id: request.id, status: 'PENDING' });
    if (!marked) return false;
    const lead = await Lead.query(tx.db).findById(request.lead_id!);
    if (!lead || lead.information_mail_sent_at || lead.email.trim().toLowerCase() !== request.email) return false;
    await queueInformationMail({ ...tx, t: getT(lead.language) }, lead, lead.language as Language);
    return true;
  });
  if (sent) notifyOutbox(ctx.app);
  return { organisation: organization?.name ?? '' };
}

export interface RefusedMailRequest {
  id: string;
  createdAt: Date;
  email: string;
  status: 'THROTTLED_ADDRESS' | 'THROTTLED_CLIENT';
  formName: string | null;
  leadSlug: string | null;
}

/** The current organisation's refused requests of the last 30 days, newest first (at most 50), for its console. */
export async function refusedMailRequests(ctx: ServiceContext): Promise<RefusedMailRequest[]> {
  const { organizationId } = requireLeadUser(ctx);
  const rows = (await LeadMailRequest.query(ctx.db)
    .leftJoin('lead_forms as f', 'f.id', 'lead_mail_requests.form_id')
    .leftJoin('leads as l', 'l.id', 'lead_mail_requests.lead_id')
    .where('lead_mail_requests.organization_id', organizationId)
    .whereIn('lead_mail_requests.status', ['THROTTLED_ADDRESS', 'THROTTLED_CLIENT'])
    .whereRaw("lead_mail_requests.created_at > now() - interval '30 days'")
    .orderBy('lead_mail_requests.created_at', 'desc')
    .orderBy('lead_mail_requests.id')
    .limit(50)
    .select('lead_mail_requests.id', 'lead_mail_requests.created_at', 'lead_mail_requests.email', 'lead_mail_requests.status', 'f.name as form_name', 'l.slug as lead_slug')) as unknown as {
    id: string;
    created_at: Date;
    email: string;
    status: RefusedMailRequest['status'];
    form_name: string | null;
    lead_slug: string | null;
  }[];
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, email: row.email, status: row.status, formName: row.form_name, leadSlug: row.lead_slug }));
}
