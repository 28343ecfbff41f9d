import { Address, ContentPage, Lead, LeadForm, Organization, Personalization, User, type Language, type LogoPosition } from '#db/models/index';
import { brandTheme, type BrandTheme } from '~/lib/personalization-theme';
import { consentsToTracking } from '~/lib/leads/form-schema';
import { notifyOutbox } from '../../mail/outbox.server';
import { inTransaction, type ServiceContext } from '../../context.server';
import { getT } from '../../i18n.server';
import { publicBaseUrl } from '../accounts/common';
import { contentPageView, type ContentPageView } from '../content-pages/visit';
import { leadInformationBlocks } from '../email/blocks';
import { sendOrganizationMail } from '../email/emails';
import { DomainError } from '../errors';
import { findFile, fileUrl, publishFile } from '../files/files.server';
import { contentPagesOfLead, ownLead, type LeadContentPageRow } from './leads';
import { organizationTakesLeads, organizationTracks } from './policy';

/**
 * A lead's information pages (issue 18): `/information-collection/{leadslug}` shows the contact person (photo and
 * how to reach them) and the content pages chosen for the lead; `.../site/{slug}` opens one of them. Public: the
 * unguessable slug is the key. The pages carry the lead form's personalization (logo, imprint, privacy) and the
 * organisation's name as title. `sendLeadInformationEmail` mails the link once, in the lead's language.
 */

const notFound = (ctx: ServiceContext, field = 'slug') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);

export interface InformationPage {
  lead: { slug: string; name: string; language: Language; organizationId: string };
  organization: { name: string; imprint: string; dataPrivacy: string; dataPrivacyUrl: string };
  logo: { url: string; alt: string; width: number; position: LogoPosition } | null;
  /** the personalization's colours, contrast-checked (issue 24 item 4); null without a personalization */
  theme: BrandTheme | null;
  contact: { name: string; email: string; phone: string; company: string; photo: string | null } | null;
  contentPages: LeadContentPageRow[];
  language: Language;
}

async function publicLead(ctx: ServiceContext, leadSlug: string): Promise<{ lead: Lead; organization: Organization }> {
  const slug = String(leadSlug ?? '');
  if (!slug || slug.length > 64) throw notFound(ctx);
  const lead = await Lead.query(ctx.db).findOne({ slug });
  const organization = lead ? await Organization.query(ctx.db).findById(lead.organization_id) : undefined;
  if (!lead || !organization || !organization.is_active || !organizationTakesLeads(organization.suites)) throw notFound(ctx);
  return { lead, organization };
}

/** The lead's personal page: contact person, chosen (published) content pages, personalization, organisation. */
export async function informationPage(ctx: ServiceContext, leadSlug: string, lang: Language): Promise<InformationPage> {
  const { lead, organization } = await publicLead(ctx, leadSlug);
  const form = lead.form_id ? await LeadForm.query(ctx.db).findById(lead.form_id) : undefined;
  const personalizationId = form?.personalization_id ?? organization.default_personalization_id;
  const [personalization, contactUser, pages] = await Promise.all([
    personalizationId ? Personalization.query(ctx.db).findById(personalizationId) : Promise.resolve(undefined),
    lead.contact_id ? User.query(ctx.db).findById(lead.contact_id) : Promise.resolve(undefined),
    contentPagesOfLead(ctx, lead.id, lang),
  ]);
  // The contact person's photo and the logo are shown to the lead: as with pictures on visitors' pages, they become servable
  // to everyone (its id is not guessable); publishing an already public file changes nothing.
  if (contactUser?.avatar_id) await publishFile(ctx, contactUser.avatar_id);
  if (personalization?.logo_id) await publishFile(ctx, personalization.logo_id, organization.id);
  const [address, avatar, logo] = await Promise.all([
    contactUser ? Address.query(ctx.db).findOne({ user_id: contactUser.id }) : Promise.resolve(undefined),
    contactUser?.avatar_id ? findFile({ ...ctx, viewer: null }, contactUser.avatar_id) : Promise.resolve(null),
    personalization?.logo_id ? findFile({ ...ctx, viewer: null }, personalization.logo_id) : Promise.resolve(null),
  ]);
  return {
    lead: { slug: lead.slug, name: lead.name, language: lead.language, organizationId: organization.id },
    organization: {
      name: organization.name,
      imprint: personalization?.imprint?.trim() || organization.imprint,
      dataPrivacy: personalization?.data_privacy?.trim() || organization.data_privacy,
      dataPrivacyUrl: organization.data_privacy_url,
    },
    logo:
      personalization && logo
        ? { url: fileUrl(logo), alt: personalization.title || organization.name, width: personalization.logo_width, position: personalization.logo_position }
        : null,
    theme: personalization ? brandTheme(personalization.primary_color, personalization.secondary_color) : null,
    contact: contactUser
      ? {
          name: `${contactUser.first_name} ${contactUser.last_name}`.trim(),
          email: contactUser.email,
          phone: address?.phone ?? '',
          company: organization.name,
          photo: avatar ? fileUrl(avatar) : null,
        }
      : null,
    contentPages: pages.filter((page) => page.state === 'PUBLISHED'),
    language: lang,
  };
}

/** A content page chosen for the lead, as `.../site/{slug}` shows it (published pages only; the lead's link admits it). */
export async function informationSite(
  ctx: ServiceContext,
  leadSlug: string,
  pageSlug: string,
  lang: Language,
): Promise<{ info: InformationPage; page: ContentPageView; contentPageId: string }> {
  const info = await informationPage(ctx, leadSlug, lang);
  const chosen = info.contentPages.find((page) => page.slug === pageSlug);
  if (!chosen) throw notFound(ctx, 'pageSlug');
  const page = await ContentPage.query(ctx.db).findById(chosen.id);
  if (!page || page.state !== 'PUBLISHED') throw notFound(ctx, 'pageSlug');
  const view = await contentPageView(ctx, { slug: page.slug, token: page.publish_token, lang });
  if (view.status !== 'ok') throw notFound(ctx, 'pageSlug');
  return { info, page: view.page, contentPageId: page.id };
}

/** The address of a lead's information page. */
export function informationLink(ctx: ServiceContext, lead: Pick<Lead, 'slug'>): string {
  return new URL(`/information-collection/${encodeURIComponent(lead.slug)}`, publicBaseUrl(ctx.app.env)).toString();
}

/**
 * Queues the information mail of a lead in the caller's transaction and marks it sent. No e-mail: "Please enter an
 * E-Mail" (REQUIRED on `email`); sent before: MAIL_ALREADY_SENT_ONCE. The mark is set by a conditional UPDATE, so two
 * sends at once queue one mail.
 */
export async function queueInformationMail(ctx: ServiceContext, lead: Lead, lang: Language): Promise<Lead> {
  if (!lead.email.trim()) throw new DomainError('REQUIRED', ctx.t('leads:errors.emailMissing'), 'email');
  const marked = (await Lead.query(ctx.db)
    .patch({ information_mail_sent_at: new Date() })
    .where('id', lead.id)
    .whereNull('information_mail_sent_at')
    .returning('*')) as unknown as Lead[];
  if (!marked.length) throw new DomainError('MAIL_ALREADY_SENT_ONCE', ctx.t('leads:errors.mailAlreadySent'), 'id');
  // in turn: the caller's transaction has one connection, which runs one statement at a time
  const organization = await Organization.query(ctx.db).findById(lead.organization_id);
  const contact = lead.contact_id ? await User.query(ctx.db).findById(lead.contact_id) : undefined;
  const organisation = organization?.name ?? '';
  const contactName = contact ? `${contact.first_name} ${contact.last_name}`.trim() || contact.email : organisation;
  // the organisation's look and texts (issue 29); the open pixel only for a lead that agreed to tracking
  await sendOrganizationMail(ctx, {
    organizationId: lead.organization_id,
    template: 'leadInformation',
    language: lang,
    to: lead.email,
    name: lead.name,
    values: { organisation, contact: contactName },
    blocks: leadInformationBlocks(lang, informationLink(ctx, lead)),
    tracking: Boolean(organization && organizationTracks(organization.suites) && consentsToTracking(lead.consent)),
  });
  return marked[0];
}

/**
 * Sends a lead of the current organisation the link to its information page, always in the lead's language (the
 * language it was captured in); `lang` is the language of the answer's messages.
 */
export async function sendLeadInformationEmail(ctx: ServiceContext, id: string, lang?: Language | null): Promise<Lead> {
  const asked = lang && lang !== ctx.language ? { ...ctx, language: lang, t: getT(lang) } : ctx;
  const lead = await ownLead(asked, id);
  const updated = await inTransaction(asked, (tx) => queueInformationMail(tx, lead, lead.language));
  notifyOutbox(ctx.app);
  return updated;
}
