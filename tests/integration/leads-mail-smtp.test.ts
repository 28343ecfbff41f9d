import { describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as informationCollection from '~/routes/information-collection.$leadslug/route';
import { deliverPending } from '~/server/mail/outbox.server';
import { addMember, createLead, createOrganization, createUser } from '../fixtures/factories';
import { callRoute } from '../helpers/routes';
import { headerOf, mimePart, useAppWithSmtp } from '../helpers/smtp';

/**
 * The lead information mail over real SMTP (issue 18), as the accounts mails are tested (mail-smtp.test.ts): a local
 * SMTP server receives what the outbox worker delivers; the mail is in the lead's language whatever the rep's, and
 * its link opens the lead's information page.
 */

const world = useAppWithSmtp();

describe('lead information mail through SMTP', () => {
  it('an English-speaking rep sends a German lead its mail: it arrives in German with the link to the information page', async () => {
    const org = await createOrganization(world.t.app.db, { suites: Package.SALES, name: 'Muster Messebau' });
    const rep = await createUser(world.t.app.db, { default_language: 'EN', first_name: 'Rita', last_name: 'Rep' });
    await addMember(world.t.app.db, org.id, rep.id, { role: 'admin', isOwner: true });
    const email = `lead-${crypto.randomUUID()}@test.example`;
    const lead = await createLead(world.t.app.db, { organization_id: org.id, email, name: 'Jörg Weiß', language: 'DE', contact_id: rep.id });

    const sent = await world.t.graphql<{ sendLeadInformationEmail: { error: unknown } }>(
      `mutation($id: ID!) { sendLeadInformationEmail(id: $id, lang: EN) { error { code message } } }`,
      { id: lead.id },
      { headers: { Authorization: `JWT ${await world.t.accessToken(rep.id)}` } },
    );
    expect(sent.body.data?.sendLeadInformationEmail.error).toBeNull();
    expect(world.received).toHaveLength(0); // in the outbox; the worker sends it

    expect(await deliverPending(world.t.app)).toBe(1);
    expect(world.received).toHaveLength(1);
    const [mail] = world.received;
    expect(mail!.to).toEqual([email]);
    expect(headerOf(mail!.raw, 'Subject')).toBe('Ihre Informationen von Muster Messebau');
    const text = mimePart(mail!.raw, 'text/plain');
    expect(text).toContain('Hallo Jörg Weiß');
    const link = new URL(/https?:\/\/\S+\/information-collection\/\S+/.exec(text)![0]);
    expect(link.pathname).toBe(`/information-collection/${lead.slug}`);
    expect(mimePart(mail!.raw, 'text/html')).toContain(`/information-collection/${lead.slug}`);

    // the link opens the lead's page, for anyone who has it
    const page = await callRoute(world.t, informationCollection.loader, { url: `${link.pathname}?lang=DE`, userId: null, params: { leadslug: lead.slug } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain('Muster Messebau');
  });
});
