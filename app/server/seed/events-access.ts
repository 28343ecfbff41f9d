import type { Knex } from 'knex';

const HOUR = 3600 * 1000;

/** The demo access key of the Partnertag (README, demo section). */
export const PARTNER_DAY_KEY = 'PARTNER-2026';

/**
 * A TOKEN-protected demo convention: "Partnertag 2026" (slug `partnertag-2026`), running now, for the demo
 * organisation's partners. Visitors need the access key PARTNER-2026 (100 sign-ups); the organisation's digital
 * hall is part of it. Runs inside the demo seed's transaction, after the halls.
 */
export async function seedPartnerDay(
  trx: Knex,
  options: { organizationId: string; now?: Date },
): Promise<{ conventionId: string; tokenId: string }> {
  const { organizationId } = options;
  const now = options.now ?? new Date();
  const start = new Date(now.getTime() - 2 * HOUR);
  start.setUTCMinutes(0, 0, 0);

  const [convention] = await trx('conventions')
    .insert({
      organization_id: organizationId,
      slug: 'partnertag-2026',
      title: 'Partnertag 2026',
      active: true,
      start_date: start,
      end_date: new Date(start.getTime() + 30 * HOUR),
      permission_type: 'TOKEN',
      help_page: 'Der Partnertag ist nur für eingeladene Partner. Ihren Zugangsschlüssel finden Sie in der Einladung.',
    })
    .returning('id');
  await trx('convention_translations').insert([
    {
      convention_id: convention.id,
      language: 'DE',
      title: 'Partnertag 2026',
      description: 'Neuheiten, Roadmap und Konditionen exklusiv für unsere Vertriebspartner – mit Zugangsschlüssel aus der Einladung.',
    },
    {
      convention_id: convention.id,
      language: 'EN',
      title: 'Partner Day 2026',
      description: 'New products, roadmap and terms exclusively for our sales partners – with the access key from your invitation.',
    },
  ]);
  const hall = await trx('halls').where({ organization_id: organizationId, slug: 'demo-halle-digital' }).first('id');
  if (hall) await trx('convention_halls').insert({ organization_id: organizationId, convention_id: convention.id, hall_id: hall.id, order: 0 });
  const [token] = await trx('object_tokens')
    .insert({ organization_id: organizationId, convention_id: convention.id, token: PARTNER_DAY_KEY, limit: 100 })
    .returning('id');
  return { conventionId: convention.id, tokenId: token.id };
}
