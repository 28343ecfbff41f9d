import type { Db } from '#db/connection';
import { hashPassword } from '~/server/auth/password.server';
import { Package, Feature } from '~/lib/features';
import { addMember, createInvite, createOrganization, createUser } from '../../../tests/fixtures/factories';
import { seedVisitorBookmarks } from './bookmarks';
import { seedChats } from './chats';
import { seedAnalytics } from './analytics';
import { seedAppointments } from './appointments';
import { seedContent, seedPersonalization } from './content';
import { seedContentPages, seedHelpPage } from './content-pages';
import { fillDemoTargets, seedDemoPictures } from './demo-finish';
import { seedEmail } from './email';
import { seedPartnerDay } from './events-access';
import { seedConventions } from './events-conventions';
import { seedExhibitionStand } from './events-exhibition';
import { seedHalls } from './events-halls';
import { seedLeads } from './leads';
import { seedShop } from './shop';
import { seedVideoThumbnails } from './video-thumbnails';
import { seedVirtualRooms } from './virtual-rooms';

export const DEMO_PASSWORD = 'Messe-Demo-2026!';

export const DEMO_LOGINS = [
  { role: 'host admin', email: 'admin@demo.example', password: DEMO_PASSWORD },
  { role: 'sales rep', email: 'sales@demo.example', password: DEMO_PASSWORD },
  { role: 'platform staff', email: 'staff@demo.example', password: DEMO_PASSWORD },
  { role: 'visitor', email: 'visitor@demo.example', password: DEMO_PASSWORD },
] as const;

/**
 * Creates the demo world when the database has no users yet (or with force on an empty-ish database).
 * Everything is written in one transaction: a half-seeded demo never exists.
 */
export async function seedDemo(db: Db, options: { force: boolean }): Promise<{ seeded: boolean }> {
  const [{ count }] = await db('users').count<{ count: number }[]>('* as count');
  if (Number(count) > 0 && !options.force) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (trx) => {
    const demoOrg = await createOrganization(trx, {
      name: 'Demo Messe GmbH',
      slug: 'demo-messe',
      email: 'kontakt@demo.example',
      suites: Package.BASIC | Package.EVENT | Package.SALES | Package.DATA,
      phone: '+49 221 5550100',
      street_address: 'Messeplatz',
      house_no: '1',
      postal_code: '50679',
      city: 'Köln',
      country: 'DE',
      homepage_url: 'https://demo-messe.example',
      support_url: 'https://demo-messe.example/support',
      imprint: 'Demo Messe GmbH, Messeplatz 1, 50679 Köln. Geschäftsführung: Anna Aussteller. HRB 12345, Amtsgericht Köln.',
      data_privacy_url: 'https://demo-messe.example/datenschutz',
    });
    const platformOrg = await createOrganization(trx, {
      name: 'Plattform-Betrieb',
      slug: 'plattform',
      email: 'staff@demo.example',
      suites: Package.BASIC | Feature.platformAdmin,
    });

    const user = (email: string, first_name: string, last_name: string, extra: Record<string, unknown> = {}) =>
      createUser(trx, { email, first_name, last_name, password_hash: passwordHash, email_confirmed_at: new Date(), ...extra });

    const admin = await user('admin@demo.example', 'Anna', 'Aussteller');
    const sales = await user('sales@demo.example', 'Sven', 'Vertrieb');
    const staff = await user('staff@demo.example', 'Paula', 'Plattform', { is_staff: true, default_language: 'EN' });
    const visitor = await user('visitor@demo.example', 'Victor', 'Besucher');

    // the first membership becomes the default organisation
    await addMember(trx, demoOrg.id, admin.id, { role: 'admin', isOwner: true });
    await addMember(trx, demoOrg.id, sales.id, { role: 'sales', sales: true });
    await addMember(trx, platformOrg.id, staff.id, { role: 'admin', isOwner: true });
    await addMember(trx, demoOrg.id, staff.id, { role: 'admin' });

    // a colleague invited but not yet registered (the invite mail is not re-sent by the seed)
    await createInvite(trx, { organization_id: demoOrg.id, email: 'neu@demo.example', role: 'sales', invited_by_id: admin.id });

    // the running demo convention with its stage, programme, on-demand items and an in-house fair
    await seedConventions(trx, { organizationId: demoOrg.id });

    // halls, stands and the image foyer; they join the demo convention when it is seeded before this line
    await seedHalls(trx, { organizationId: demoOrg.id });

    // the in-house fair's own stand with reference points
    await seedExhibitionStand(trx, { organizationId: demoOrg.id });

    // a partner day only for visitors with the access key PARTNER-2026
    await seedPartnerDay(trx, { organizationId: demoOrg.id });

    // the pictures of the linked videos, generated (the seed never reaches the video sites)
    await seedVideoThumbnails(trx, { organizationId: demoOrg.id });

    // the content pool: product sheets (shown by the stands' "Produkte" points), a brochure PDF, the image video
    await seedContent(trx, { organizationId: demoOrg.id });

    // a published product page in German and English: text, picture, video, 3D model, 360 spin and PDF (issue 16)
    await seedContentPages(trx, { organizationId: demoOrg.id });
    // the demo convention's help page: text and a picture (issue 16)
    await seedHelpPage(trx, { organizationId: demoOrg.id, conventionSlug: 'digitale-fachmesse-2026' });

    // the organisation's look for its public pages: logo, colours, imprint and data privacy (issue 15)
    await seedPersonalization(trx, { organizationId: demoOrg.id });

    // logos, content previews and a recording's picture; then every point gets its target (issue 14)
    const guestOrgIds = await trx('organizations').where({ slug: 'gastaussteller-sued' }).pluck('id');
    await seedDemoPictures(trx, { organizationId: demoOrg.id, organizationIds: [demoOrg.id, platformOrg.id, ...guestOrgIds] });
    await fillDemoTargets(trx, { organizationId: demoOrg.id });

    // the virtual showroom: three panoramas, points, a tour with audio; the sales rep's room, linked from a stand (issue 17)
    await seedVirtualRooms(trx, { organizationId: demoOrg.id });

    // the sales rep's lead form and 30 leads with tags, consent, the product page, tracks and scores (issue 18)
    await seedLeads(trx, { organizationId: demoOrg.id, salesUserId: sales.id });

    // two weeks of appointment slots of Anna (video link) and Sven (own message), some booked, one by Victor (issue 27)
    await seedAppointments(trx, { organizationId: demoOrg.id, contactPersons: { jitsi: admin.id, message: sales.id }, visitorEmail: 'visitor@demo.example' });

    // chat on with Anna as operator, a visitor waiting and a few archived conversations from a stand (issue 28)
    await seedChats(trx, { organizationId: demoOrg.id, operatorUserId: admin.id, visitorUserId: visitor.id });

    // the organisation's mails: its colour, a header image, sender and reply-to, and one changed German subject (issue 29)
    await seedEmail(trx, { organizationId: demoOrg.id });

    // the demo convention's shop: products at four stands and the host's, pictures, Victor's two order requests (issue 31)
    await seedShop(trx, { organizationId: demoOrg.id, conventionSlug: 'digitale-fachmesse-2026', visitorEmail: 'visitor@demo.example' });

    // Victor's bookmarks in his hub: two marked stands of the demo convention and the liked product pages (issue 27)
    await seedVisitorBookmarks(trx, { organizationId: demoOrg.id, visitorUserId: visitor.id, conventionSlug: 'digitale-fachmesse-2026' });

    // four weeks of consented visits of the demo convention, rolled up, so /analytics is full on first start (issue 30)
    await seedAnalytics(trx, { conventionSlug: 'digitale-fachmesse-2026' });
  });
  return { seeded: true };
}
