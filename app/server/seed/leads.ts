import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { LeadTrack, type LeadActivity, type LeadLinkType } from '#db/models/index';
import type { LeadConsentProof, LeadFormField } from '~/lib/leads/form-schema';
import { leadScore } from '~/server/services/leads/score';
import { addLeadContentPage, createLead, createLeadForm } from '../../../tests/fixtures/factories';
import { DEMO_PAGE_SLUG } from './content-pages';

/**
 * The sales rep's leads (issue 18): a lead form for the fair stand (headline, name, e-mail, company, phone, a choice
 * of interest, a note), and 30 leads captured over the last two weeks with tags, free values, the consent shown,
 * the demo product page chosen for them, tracks of what they opened and the score those give; a few are archived
 * and a few were sent their information mail. Deterministic (the same leads every time), slugs random.
 */

const DEMO_LEADS = [
  ['Julia Becker', 'Nordlicht Maschinen AG', 'Einkaufsleitung', 'DE'],
  ['Thomas Krüger', 'Präzision Süd KG', 'Technischer Leiter', 'DE'],
  ['Sarah Wilson', 'Blue Ocean Ltd', 'Head of Procurement', 'EN'],
  ['Mehmet Yılmaz', 'Yılmaz Metallbau GmbH', 'Geschäftsführer', 'DE'],
  ['Laura Schmidt', 'DataWorks SE', 'Projektmanagerin', 'DE'],
  ['Peter Hofmann', 'Hofmann Antriebe GmbH', 'Vertrieb', 'DE'],
  ['Emma Johansson', 'Nordic Automation AB', 'Engineer', 'EN'],
  ['Stefan Wagner', 'Wagner & Söhne OHG', 'Inhaber', 'DE'],
  ['Anja Richter', 'Grünwerk eG', 'Nachhaltigkeit', 'DE'],
  ['Lukas Meier', 'Meier Fördertechnik AG', 'Konstrukteur', 'DE'],
  ['Chloé Martin', 'Atelier Lumière SARL', 'Directrice', 'EN'],
  ['Michael Braun', 'Braun Logistik GmbH', 'Leiter Lager', 'DE'],
  ['Katrin Vogel', 'Vogel Medizintechnik', 'Qualitätsmanagement', 'DE'],
  ['David Chen', 'Pacific Components Inc.', 'Sourcing Manager', 'EN'],
  ['Sabine Keller', 'Keller Kunststoffe GmbH', 'Einkauf', 'DE'],
  ['Jan Nowak', 'Nowak Elektro Sp. z o.o.', 'Prezes', 'EN'],
  ['Nina Hartmann', 'Hartmann Robotics', 'CTO', 'DE'],
  ['Florian Schulz', 'Schulz Verpackung GmbH', 'Produktion', 'DE'],
  ['Olivia Brown', 'Brown & Partners LLP', 'Consultant', 'EN'],
  ['Markus Lehmann', 'Lehmann Stahlbau', 'Bauleiter', 'DE'],
  ['Carina Fuchs', 'Fuchs Analytics', 'Data Scientist', 'DE'],
  ['Tobias König', 'König Werkzeuge GmbH', 'Werkstattleiter', 'DE'],
  ['Isabel García', 'García Ingeniería S.L.', 'Ingeniera', 'EN'],
  ['Ralf Zimmermann', 'Zimmermann Hydraulik', 'Service', 'DE'],
  ['Miriam Schwarz', 'Schwarz Labortechnik', 'Laborleitung', 'DE'],
  ['Benjamin Wolf', 'Wolf Energie GmbH', 'Einkauf', 'DE'],
  ['Hannah Neumann', 'Neumann Design Studio', 'Art Director', 'DE'],
  ['Oliver Smith', 'Smith Industrial Ltd', 'Plant Manager', 'EN'],
  ['Petra Schröder', 'Schröder Textil AG', 'Innovation', 'DE'],
  ['Felix Baumann', 'Baumann Automatisierung', 'Werksleiter', 'DE'],
] as const;

const TAGS = ['Messe 2026', 'heiß', 'Rückruf', 'Angebot', 'Partner', 'Presse'];
const INTERESTS = ['fraesen', 'automation', 'service'];

const field = (over: Partial<LeadFormField> & Pick<LeadFormField, 'name' | 'type'>): LeadFormField => ({
  id: crypto.randomUUID(),
  label: '',
  langlabel: {},
  required: false,
  selects: [],
  langselects: {},
  headline: '',
  langheadline: {},
  searchable: false,
  standard: null,
  ...over,
});

export const DEMO_LEAD_FORM_SCHEMA: LeadFormField[] = [
  // a neutral heading: the lead fills the form in on its own, or the sales rep captures the lead with it (issue 24)
  field({ type: 'HEADLINE', name: '', headline: 'Kontaktdaten', langheadline: { DE: 'Kontaktdaten', EN: 'Contact details' } }),
  field({ type: 'TEXT', name: 'name', label: 'Name', langlabel: { DE: 'Name', EN: 'Name' }, required: true, standard: 'name', searchable: true }),
  field({ type: 'EMAIL', name: 'email', label: 'E-Mail', langlabel: { DE: 'E-Mail', EN: 'E-mail' }, standard: 'email', searchable: true }),
  field({ type: 'TEXT', name: 'company', label: 'Firma', langlabel: { DE: 'Firma', EN: 'Company' }, standard: 'company', searchable: true }),
  field({ type: 'PHONE', name: 'phone', label: 'Telefon', langlabel: { DE: 'Telefon', EN: 'Phone' }, standard: 'phone' }),
  field({
    type: 'SELECT',
    name: 'interest',
    label: 'Interesse',
    langlabel: { DE: 'Interesse', EN: 'Interest' },
    selects: INTERESTS,
    langselects: { DE: ['Fräsmaschinen', 'Automation', 'Service und Wartung'], EN: ['Milling machines', 'Automation', 'Service and maintenance'] },
    searchable: true,
  }),
  field({ type: 'TEXTAREA', name: 'note', label: 'Notiz', langlabel: { DE: 'Notiz', EN: 'Note' }, searchable: true }),
];

const CONSENT_TEXTS = {
  DE: {
    contact: 'Ich bin einverstanden, dass Demo Messe GmbH mich zu meiner Anfrage kontaktiert.',
    material: 'Ich möchte die besprochenen Unterlagen per E-Mail erhalten.',
    tracking:
      'Ich bin einverstanden, dass Demo Messe GmbH sieht, welche der mir gesendeten Seiten ich öffne, um mich besser zu beraten. Ich kann dies jederzeit widerrufen.',
  },
  EN: {
    contact: 'I agree that Demo Messe GmbH may contact me about my enquiry.',
    material: 'I would like to receive the material we talked about by e-mail.',
    tracking:
      'I agree that Demo Messe GmbH may see which of the pages sent to me I open, to advise me better. I can withdraw this at any time.',
  },
} as const;

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

export async function seedLeads(trx: Knex, options: { organizationId: string; salesUserId: string }): Promise<{ formId: string; leadIds: string[] }> {
  const { organizationId, salesUserId } = options;
  const form = await createLeadForm(trx, {
    organization_id: organizationId,
    name: 'Messestand Digitale Fachmesse 2026',
    schema: DEMO_LEAD_FORM_SCHEMA,
    contact_id: salesUserId,
    send_mail: false,
  });
  const page = await trx('content_pages').where({ organization_id: organizationId, slug: DEMO_PAGE_SLUG }).first('id');
  if (page) await trx('lead_form_content_pages').insert({ form_id: form.id, content_page_id: page.id, sort: 0 });

  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const leadIds: string[] = [];
  for (const [index, [name, company, job, language]] of DEMO_LEADS.entries()) {
    const createdAt = new Date(now - (DEMO_LEADS.length - index) * (day / 2) - index * 7 * 60 * 1000);
    const tracking = index % 5 !== 3;
    const consent: LeadConsentProof = {
      items: (['contact', 'material', 'tracking'] as const).map((kind) => ({
        kind,
        text: CONSENT_TEXTS[language][kind],
        agreed: kind === 'tracking' ? tracking : kind === 'contact' || index % 4 !== 1,
      })),
      formId: form.id,
      formVersion: form.version,
      givenAt: createdAt.toISOString(),
      language,
    };
    const mailSent = index % 3 !== 2;
    const lead = await createLead(trx, {
      organization_id: organizationId,
      name,
      company,
      job,
      email: `${slugOf(name)}@${slugOf(company).split('.')[0]}.example`,
      phone: `+49 221 ${String(5550200 + index * 13)}`,
      city: ['Köln', 'Berlin', 'München', 'Hamburg', 'Stuttgart'][index % 5],
      country: language === 'DE' ? 'DE' : '',
      language,
      form_id: form.id,
      form_version: form.version,
      user_id: salesUserId,
      contact_id: salesUserId,
      values: [
        { name: 'interest', value: INTERESTS[index % INTERESTS.length] },
        ...(index % 2 === 0 ? [{ name: 'note', value: index % 4 === 0 ? 'Bitte Angebot bis Monatsende' : 'Rückruf nächste Woche' }] : []),
      ],
      search_extra: INTERESTS[index % INTERESTS.length],
      consent,
      created_at: createdAt,
      archived_at: index < 3 ? new Date(createdAt.getTime() + day) : null,
      information_mail_sent_at: mailSent ? new Date(createdAt.getTime() + 60 * 60 * 1000) : null,
      tags: [TAGS[0], ...(index % 3 === 0 ? [TAGS[1 + (index % (TAGS.length - 1))]] : [])],
    });
    leadIds.push(lead.id);
    if (page) await addLeadContentPage(trx, lead.id, page.id);

    // what the lead opened after the mail (only with consent to tracking)
    if (!mailSent || !tracking) continue;
    const visits: [LeadLinkType, LeadActivity, string, number][] = [['LEADINFORMATION_LINK', 'OPENED', 'Demo Messe GmbH', 30]];
    if (index % 2 === 0) visits.push(['CONTENT_LINK', 'OPENED', 'Produktseite', 60 + (index % 7) * 45]);
    if (index % 4 === 0) visits.push(['CONTENT_LINK', 'DOWNLOADED', 'Broschüre (PDF)', 0]);
    if (index % 6 === 0) visits.push(['SALESHUB_LINK', 'TOUR_FINISHED', 'Showroom', 240]);
    const at = (k: number) => new Date(createdAt.getTime() + 2 * 60 * 60 * 1000 + k * 9 * 60 * 1000);
    const rows = visits.map(([link_type, activity, content, duration], k) => ({
      lead_id: lead.id,
      link_type,
      activity,
      content,
      duration,
      link: link_type === 'CONTENT_LINK' ? `/information-collection/${lead.slug}/site/${DEMO_PAGE_SLUG}` : link_type === 'SALESHUB_LINK' ? '/saleshub' : `/information-collection/${lead.slug}`,
      created_at: at(k),
      updated_at: at(k),
    }));
    await LeadTrack.query(trx).insert(rows);
    await trx('leads').where({ id: lead.id }).update({ score: leadScore(rows).score });
  }
  return { formId: form.id, leadIds };
}
