import type { Knex } from 'knex';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { boothPicture, inParallel, storePicture } from './pictures';

const texts = (de: [string, string], en: [string, string]) => [
  { language: 'DE', title: de[0], description: de[1] },
  { language: 'EN', title: en[0], description: en[1] },
];

/** The reference points on each view of the fair's stand: named in the view's language, the same slugs in both. */
const POINTS = [
  {
    cx: 30,
    cy: 50,
    name: { DE: 'Neuheiten 2026', EN: 'New in 2026' },
    slug: 'neuheiten-2026',
    texts: texts(
      ['Neuheiten 2026', 'Die neue Baureihe kompakter Fräszentren – zum ersten Mal live gezeigt, mit Preisen zur Hausmesse.'],
      ['New in 2026', 'The new series of compact milling centres – shown live for the first time, with in-house fair prices.'],
    ),
  },
  {
    cx: 69,
    cy: 41,
    name: { DE: 'Service & Beratung', EN: 'Service & advice' },
    slug: 'service-beratung',
    texts: texts(
      ['Service & Beratung', 'Wartungsverträge, Schulungen und Finanzierung: Unser Serviceteam berät Sie im Videomeeting.'],
      ['Service & advice', 'Maintenance contracts, training and financing: our service team advises you in a video meeting.'],
    ),
  },
];

/**
 * The demo in-house fair's stand (issue: exhibition visitor pages): the demo organisation's own stand "Demo Messe
 * GmbH" with a 16:9 view per language (the booth's front drawn by ./pictures), each with two reference points (named in its
 * language, DE/EN texts; fillDemoTargets gives them their content), set as
 * the stand of the fair `demo-hausmesse`. Runs inside the demo seed's transaction, after seedConventions.
 */
export async function seedExhibitionStand(
  trx: Knex,
  options: { organizationId: string; exhibitionSlug?: string; storage?: Storage },
): Promise<{ standId: string }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const [stand] = await trx('base_stands')
    .insert({ organization_id: organizationId, name: 'Demo Messe GmbH', slug: 'demo-messe-hausmesse' })
    .returning('id');
  await trx('stand_translations').insert(
    texts(
      ['Demo Messe GmbH – Hausmesse', 'Unser Stand zur Hausmesse: Neuheiten ansehen, Fragen stellen und direkt einen Termin im Videomeeting vereinbaren.'],
      ['Demo Messe GmbH – in-house fair', 'Our in-house fair stand: see what is new, ask questions and meet us straight away in a video meeting.'],
    ).map((tr) => ({ ...tr, stand_id: stand.id })),
  );
  // the booth's front with the fair's slogan in each language
  const [pictureDe, pictureEn] = await inParallel([() => boothPicture('Demo Messe GmbH', 'Hausmesse 2026'), () => boothPicture('Demo Messe GmbH', 'In-house fair 2026')], 2);
  for (const language of ['DE', 'EN'] as const) {
    const image = await storePicture(trx, storage, organizationId, `demo-hausmesse-${language.toLowerCase()}`, language === 'DE' ? pictureDe! : pictureEn!);
    const [node] = await trx('stand_nodes').insert({ organization_id: organizationId, stand_id: stand.id, type: 'IMAGE', image_id: image, language }).returning('id');
    for (const [order, point] of POINTS.entries()) {
      const [row] = await trx('points')
        .insert({ organization_id: organizationId, node_id: node.id, cx: point.cx, cy: point.cy, kind: 'REFERENCE', name: point.name[language], slug: point.slug, order })
        .returning('id');
      await trx('point_translations').insert(point.texts.map((tr) => ({ ...tr, point_id: row.id })));
    }
  }
  await trx('exhibitions')
    .where({ organization_id: organizationId, slug: options.exhibitionSlug ?? 'demo-hausmesse' })
    .update({ stand_id: stand.id });
  return { standId: stand.id };
}
