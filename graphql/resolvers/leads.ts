import type { LeadFilter } from '~/lib/schemas/leads';
import { bufferOf, contactFromQr, fetchBusinesscardData, qrIncompatible, uploadBusinesscard } from '~/server/services/leads/card';
import { leadsCsv } from '~/server/services/leads/csv';
import {
  captureLead,
  createLeadForm,
  getLeadForm,
  listLeadForms,
  publicLeadForm,
  submitLeadForm,
  updateLeadForm,
  updateLeadFormContentPages,
} from '~/server/services/leads/forms';
import { informationLink, informationPage, sendLeadInformationEmail } from '~/server/services/leads/info';
import { addLeadContentPages, archiveLeads, deleteLead, deleteLeads, getLead, leadTags, listLeads, updateLead } from '~/server/services/leads/leads';
import {
  contentPagesOfForm,
  contentPagesOfLeadRow,
  leadFormOf,
  leadPerson,
  scoreTracksOfLead,
  tagsOfLead,
  tracksOfLead,
} from '~/server/services/leads/relations';
import { leadScore } from '~/server/services/leads/score';
import { recordTrack, tracksOf } from '~/server/services/leads/tracks';
import type { ServiceContext } from '~/server/context.server';
import type { LeadFilterInput, LeadInput, LeadFormInput as GqlLeadFormInput, Resolvers } from '../generated/types';
import { nullAsUnset, sent } from '../args';
import { asQuery, payload, withOk } from '../errors';
import type { FileUpload } from '../upload';
import { fileField } from './files';

const filterOf = (filter: LeadFilterInput | null | undefined, archived: boolean): LeadFilter => ({
  archived,
  search: filter?.search ?? undefined,
  tag: filter?.tag ?? undefined,
  formId: filter?.formId ?? undefined,
  from: filter?.from ? new Date(filter.from) : undefined,
  to: filter?.to ? new Date(filter.to) : undefined,
  sort: filter?.sort ?? undefined,
  dir: filter?.dir ?? undefined,
});

/** GraphQL's nulls as "left out" (strings and lists) or "cleared" (references). */
function leadInput(input: LeadInput) {
  const { tags, values, language, contentPageIds, consent, formId, contactId, businesscardFrontId, businesscardBackId, attachmentId, ...fields } = input;
  return {
    ...nullAsUnset(fields),
    ...sent({ contactId, businesscardFrontId, businesscardBackId, attachmentId }),
    ...nullAsUnset({ formId, tags, values, language, contentPageIds }),
    consent: consent
      ? { contact: consent.contact ?? false, material: consent.material ?? false, tracking: consent.tracking ?? false }
      : undefined,
  };
}

function formInput(input: GqlLeadFormInput) {
  const { name, schema, sendMail, ...references } = input;
  return { ...sent(references), ...nullAsUnset({ name, schema, sendMail }) };
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

const reasonText = (ctx: ServiceContext, kind: string, count: number) => ctx.t(`leads:score.reasons.${kind}`, { count }) as string;

export const leadResolvers: Resolvers = {
  Lead: {
    archived: (lead) => Boolean(lead.archived_at),
    archivedAt: (lead) => lead.archived_at,
    created: (lead) => lead.created_at,
    informationMailSentAt: (lead) => lead.information_mail_sent_at,
    formId: (lead) => lead.form_id,
    tags: (lead, _args, ctx) => tagsOfLead(ctx.service, lead),
    businesscardfront: (lead, _args, ctx) => fileField(ctx.service, lead.businesscard_front_id),
    businesscardback: (lead, _args, ctx) => fileField(ctx.service, lead.businesscard_back_id),
    attachment: (lead, _args, ctx) => fileField(ctx.service, lead.attachment_id),
    form: (lead, _args, ctx) => leadFormOf(ctx.service, lead.form_id),
    user: (lead, _args, ctx) => leadPerson(ctx.service, lead.user_id),
    contact: (lead, _args, ctx) => leadPerson(ctx.service, lead.contact_id),
    contentpages: (lead, _args, ctx) => contentPagesOfLeadRow(ctx.service, lead),
    scoreReasons: async (lead, _args, ctx) =>
      leadScore(await scoreTracksOfLead(ctx.service, lead)).reasons.map((reason) => ({ ...reason, text: reasonText(ctx.service, reason.kind, reason.count) })),
    consent: (lead) => lead.consent,
    informationLink: (lead, _args, ctx) => informationLink(ctx.service, lead),
    tracks: (lead, _args, ctx) => tracksOfLead(ctx.service, lead),
  },
  LeadTrack: {
    linkType: (track) => track.link_type,
    created: (track) => track.created_at,
  },
  LeadForm: {
    created: (form) => form.created_at,
    headerImage: (form, _args, ctx) => fileField(ctx.service, form.header_image_id),
    contactperson: (form, _args, ctx) => leadPerson(ctx.service, form.contact_id),
    contentpages: (form, _args, ctx) => contentPagesOfForm(ctx.service, form),
  },
  LeadInformationPage: {
    slug: (page) => page.lead.slug,
    name: (page) => page.lead.name,
    organizationName: (page) => page.organization.name,
    contentpages: (page) => page.contentPages,
  },
  PublicLeadForm: {
    id: (view) => view.form.id,
    name: (view) => view.form.name,
    schema: (view) => view.form.schema,
    version: (view) => view.form.version,
    organizationName: (view) => view.organization.name,
    consentContact: (view) => view.consentTexts.contact,
    consentMaterial: (view) => view.consentTexts.material,
    consentTracking: (view) => view.consentTexts.tracking,
  },
  Query: {
    leads: (_root, args, ctx) =>
      asQuery(() => listLeads(ctx.service, { ...filterOf(args.filter, false), page: args.page ?? undefined, pageSize: args.pageSize ?? undefined })),
    archivedLeads: (_root, args, ctx) =>
      asQuery(() => listLeads(ctx.service, { ...filterOf(args.filter, true), page: args.page ?? undefined, pageSize: args.pageSize ?? undefined })),
    leadsForCsv: (_root, args, ctx) =>
      asQuery(async () => streamText(await leadsCsv(ctx.service, filterOf(args.filter, args.archived ?? false), args.lang ?? ctx.service.language))),
    fetchLead: (_root, args, ctx) =>
      asQuery(async () => (await getLead(args.lang ? { ...ctx.service, language: args.lang } : ctx.service, args.slug)).lead),
    leadforms: (_root, _args, ctx) => asQuery(() => listLeadForms(ctx.service)),
    leadform: (_root, args, ctx) => asQuery(() => getLeadForm(ctx.service, args.id)),
    leadTags: (_root, _args, ctx) => asQuery(() => leadTags(ctx.service)),
    fetchTracksByLead: (_root, args, ctx) => asQuery(() => tracksOf(ctx.service, args.leadId)),
    fetchBusinesscardData: (_root, args, ctx) => asQuery(() => fetchBusinesscardData(ctx.service, args.fileUrl)),
    leadInformationPage: (_root, args, ctx) => asQuery(() => informationPage(ctx.service, args.slug, args.lang ?? ctx.service.language)),
    publicLeadform: (_root, args, ctx) => asQuery(() => publicLeadForm(ctx.service, args.form, args.lang ?? ctx.service.language)),
  },
  Mutation: {
    archiveLeads: (_root, args, ctx) => payload(async () => ({ leads: await archiveLeads(ctx.service, args.ids, args.archived ?? true) })),
    leadCreate: (_root, args, ctx) => payload(async () => ({ lead: await captureLead(ctx.service, leadInput(args.input)) })),
    leadUpdate: (_root, args, ctx) =>
      payload(async () => {
        const { formId: _formId, consent: _consent, ...input } = leadInput(args.input);
        return { lead: await updateLead(ctx.service, args.id, input) };
      }),
    leadDelete: (_root, args, ctx) => payload(async () => ({ id: (await deleteLead(ctx.service, args.id)).id })).then(withOk),
    leadsDelete: (_root, args, ctx) => payload(async () => ({ ids: await deleteLeads(ctx.service, args.ids) })).then(withOk),
    leadformCreate: (_root, args, ctx) =>
      payload(async () => ({ leadform: await createLeadForm(ctx.service, { ...formInput(args.input), name: args.input.name ?? '' }) })),
    leadformUpdate: (_root, args, ctx) => payload(async () => ({ leadform: await updateLeadForm(ctx.service, args.id, formInput(args.input)) })),
    leadformUpdateContentPages: (_root, args, ctx) =>
      payload(async () => ({ leadform: await updateLeadFormContentPages(ctx.service, args.id, args.contentPageIds) })),
    leadAddContentPages: (_root, args, ctx) => payload(async () => ({ lead: await addLeadContentPages(ctx.service, args.leadId, args.contentPageIds) })),
    uploadBusinesscard: (_root, args, ctx) =>
      payload(async () => {
        const front: FileUpload = await args.file;
        const back: FileUpload | null = args.back ? await args.back : null;
        const upload = (file: FileUpload) => ({ stream: file.createReadStream(), filename: file.filename, mimeType: file.mimetype });
        return uploadBusinesscard(ctx.service, { front: upload(front), back: back ? upload(back) : null, forOrg: args.forOrg });
      }),
    sendLeadInformationEmail: (_root, args, ctx) => payload(async () => ({ lead: await sendLeadInformationEmail(ctx.service, args.id, args.lang) })),
    leadTrackCreate: (_root, args, ctx) =>
      payload(async () => {
        const track = await recordTrack(ctx.service, {
          leadSlug: args.input.leadSlug,
          linkType: args.input.linkType,
          link: args.input.link,
          content: args.input.content,
          activity: args.input.activity,
          duration: args.input.duration,
        });
        return { track, recorded: Boolean(track) };
      }).then((answer) => ({ ...answer, recorded: Boolean(answer.track) })),
    leadformSubmit: (_root, args, ctx) =>
      payload(async () => {
        const values = args.values && typeof args.values === 'object' && !Array.isArray(args.values) ? (args.values as Record<string, unknown>) : {};
        await submitLeadForm(ctx.service, args.formId, values, {
          lang: args.lang ?? ctx.service.language,
          consent: { contact: args.consent?.contact ?? false, material: args.consent?.material ?? false, tracking: args.consent?.tracking ?? false },
        });
        return { ok: true };
      }).then((answer) => ({ ...answer, ok: !answer.error })),
    leadContactFromQr: (_root, args, ctx) =>
      payload(async () => {
        let result;
        if (args.image) {
          const image: FileUpload = await args.image;
          result = await contactFromQr(ctx.service, { image: await bufferOf(ctx.service, image.createReadStream(), 'image') });
        } else {
          result = await contactFromQr(ctx.service, { text: args.text ?? '' });
        }
        if (result.kind !== 'CONTACT') throw qrIncompatible(ctx.service, args.image ? 'image' : 'text');
        return { contact: result.contact };
      }),
  },
};
