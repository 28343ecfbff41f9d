import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import type { LeadFormField } from '~/lib/leads/form-schema';
import * as lead from '~/routes/_console.leads.$slug/route';
import { Lead } from '../../db/models/index';
import { addMember, createLead, createLeadForm, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The lead page's free values (issue 24 item 18): the form's labels in the viewer's language and each value's type
 * (for yes/no, dates and options), not the raw keys; edited through inputs of that type. Tags may be left empty
 * (item 19: the field is not required, and an empty field clears them).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const field = (over: Partial<LeadFormField> & Pick<LeadFormField, 'name' | 'type'>): LeadFormField => ({
  id: crypto.randomUUID(),
  label: over.name,
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

type Page = Awaited<ReturnType<typeof lead.loader>>;

describe('/leads/{slug} free values', () => {
  it('are labelled in the viewer’s language with their type; saved through typed inputs; empty tags clear them', async () => {
    const org = await createOrganization(t.app.db, { suites: Package.SALES });
    const de = await createUser(t.app.db, { default_language: 'DE' });
    await addMember(t.app.db, org.id, de.id, { role: 'admin', isOwner: true });
    const form = await createLeadForm(t.app.db, {
      organization_id: org.id,
      schema: [
        field({ type: 'CHECKBOX', name: 'newsletter', label: 'Newsletter', langlabel: { DE: 'Newsletter abonnieren', EN: 'Subscribe to the newsletter' } }),
        field({ type: 'DATE', name: 'wunschtermin', label: 'Wunschtermin', langlabel: { DE: 'Wunschtermin', EN: 'Preferred date' } }),
        field({ type: 'SELECT', name: 'interest', label: 'Interest', langlabel: { DE: 'Interesse' }, selects: ['fraesen'], langselects: { DE: ['Fräsmaschinen'] } }),
      ],
    });
    const own = await createLead(t.app.db, {
      organization_id: org.id,
      form_id: form.id,
      name: 'Nina Neu',
      tags: ['Messe'],
      values: [
        { name: 'newsletter', value: 'true' },
        { name: 'wunschtermin', value: '2026-12-15' },
        { name: 'interest', value: 'fraesen' },
      ],
    });
    const at = { url: `/leads/${own.slug}`, params: { slug: own.slug } };
    // the viewer's language decides (the request asks for English, the user chose German)
    const page = (await callRoute(t, lead.loader, { ...at, userId: de.id })).data as Page;
    expect(page.lead.values).toEqual([
      { name: 'newsletter', label: 'Newsletter abonnieren', type: 'CHECKBOX', value: 'true', options: [] },
      { name: 'wunschtermin', label: 'Wunschtermin', type: 'DATE', value: '2026-12-15', options: [] },
      { name: 'interest', label: 'Interesse', type: 'SELECT', value: 'fraesen', options: [{ value: 'fraesen', label: 'Fräsmaschinen' }] },
    ]);

    // the yes/no input posts '' for no; empty tags save as none
    const saved = await callRoute(t, lead.action, {
      ...at,
      userId: de.id,
      form: { intent: 'update', name: 'Nina Neu', language: 'DE', tags: '', 'value.newsletter': '', 'value.wunschtermin': '2027-01-20', 'value.interest': 'fraesen' },
    });
    expect(saved.toast).toMatchObject({ type: 'success', key: 'leadsconsole:detail.saved' });
    expect((await Lead.query(t.app.db).findById(own.id))!.values).toEqual([
      { name: 'newsletter', value: '' },
      { name: 'wunschtermin', value: '2027-01-20' },
      { name: 'interest', value: 'fraesen' },
    ]);
    expect(((await callRoute(t, lead.loader, { ...at, userId: de.id })).data as Page).tags).toEqual([]);
  });
});
