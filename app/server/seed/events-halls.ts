import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Package } from '~/lib/features';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { boothPicture, foyerPicture, hallPicture, inParallel, stagePicture, standPictures, storePicture, type FoyerSign, type Picture } from './pictures';

const translations = (de: [string, string], en: [string, string]) => [
  { language: 'DE', title: de[0], description: de[1] },
  { language: 'EN', title: en[0], description: en[1] },
];

interface StandSpec {
  name: string;
  /** the slogan on the booth's back wall (German, as the exhibitors print it) */
  tagline: string;
  texts: ReturnType<typeof translations>;
}

const stand = (name: string, tagline: string, de: string, en: string, englishName = name): StandSpec => ({
  name,
  tagline,
  texts: translations([name, de], [englishName, en]),
});

const HALLS: { slug: string; name: string; texts: ReturnType<typeof translations>; stands: StandSpec[] }[] = [
  {
    slug: 'demo-halle-maschinenbau',
    name: 'Halle 1 – Maschinenbau',
    texts: translations(['Maschinenbau', 'Werkzeugmaschinen, Antriebe und Automation'], ['Mechanical engineering', 'Machine tools, drives and automation']),
    stands: [
      stand(
        'Müller Präzisionstechnik',
        'Präzision in Serie',
        'CNC-Drehteile und Baugruppen ab Losgröße 1 – live am Stand: das neue 5-Achs-Bearbeitungszentrum.',
        'CNC turned parts and assemblies from batch size one – live at the stand: the new 5-axis machining centre.',
      ),
      stand(
        'Antriebswerk Rhein',
        'Antriebe mit Wirkungsgrad',
        'Getriebemotoren, Frequenzumrichter und Servoantriebe – mit kostenloser Energieberatung am Stand.',
        'Geared motors, frequency inverters and servo drives – with free energy advice at the stand.',
      ),
      stand(
        'Roboter & Co.',
        'Automation zum Anfassen',
        'Cobots für Montage und Palettierung: in zwei Wochen von der Idee zur laufenden Roboterzelle.',
        'Cobots for assembly and palletising: from the idea to a running robot cell in two weeks.',
      ),
    ],
  },
  {
    slug: 'demo-halle-digital',
    name: 'Halle 2 – Digitalisierung',
    texts: translations(['Digitalisierung', 'Software, Cloud und Sensorik'], ['Digitalisation', 'Software, cloud and sensors']),
    stands: [
      stand(
        'Datenfluss GmbH',
        'Daten, die fließen',
        'Digitale Zwillinge und Produktionsdaten in Echtzeit – die Live-Demo von der Hauptbühne zum Ausprobieren am Stand.',
        'Digital twins and real-time production data – try the live demo from the main stage at our stand.',
      ),
      stand(
        'Sensorik Nord',
        'Messen, was zählt',
        'Funksensoren für Temperatur, Schwingung und Füllstand, in jeder Anlage nachrüstbar.',
        'Wireless sensors for temperature, vibration and fill level, retrofittable in any plant.',
      ),
      stand(
        'Cloudwerk AG',
        'Ihre Fabrik in der Cloud',
        'Sichere Industrie-Cloud aus Deutschland: Dashboards, Wartungsplanung und Energie-Monitoring.',
        'A secure industrial cloud hosted in Germany: dashboards, maintenance planning and energy monitoring.',
      ),
    ],
  },
];

const GUEST = stand('Gastaussteller Süd', 'Neu dabei', 'Neu dabei – wartet auf Freigabe', 'New here – waiting for approval', 'Guest exhibitor South');

/**
 * The reference points of every demo stand's panorama, on what the picture shows there (the counter, the screen,
 * the brochure rack): named in the view's language, the same slug in both. The content pool seed and
 * fillDemoTargets give each its content group.
 */
const STAND_POINTS: { cx: number; cy: number; slug: string; name: Record<'DE' | 'EN', string>; texts: ReturnType<typeof translations> }[] = [
  {
    cx: 50,
    cy: 70,
    slug: 'produkte',
    name: { DE: 'Produkte', EN: 'Products' },
    texts: translations(['Unsere Produkte', 'Ein Überblick über das Sortiment'], ['Our products', 'An overview of the range']),
  },
  {
    cx: 71,
    cy: 40,
    slug: 'imagevideo',
    name: { DE: 'Imagevideo', EN: 'Company video' },
    texts: translations(['Unser Imagevideo', 'Zwei Minuten über uns, unsere Kunden und unsere Fertigung.'], ['Our company video', 'Two minutes about us, our customers and our production.']),
  },
  {
    cx: 83,
    cy: 58,
    slug: 'broschuere',
    name: { DE: 'Broschüre', EN: 'Brochure' },
    texts: translations(['Broschüre 2026', 'Das ganze Sortiment als PDF zum Herunterladen.'], ['Brochure 2026', 'The whole range as a PDF to download.']),
  },
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The foyer's signs: the portals to the halls and the stage, a featured stand, the info desk and on-demand. */
const FOYER_SIGNS: FoyerSign[] = [
  { key: 'hall-0', label: HALLS[0]!.name, place: 'back-left' },
  { key: 'stage', label: 'Hauptbühne', place: 'back-centre' },
  { key: 'hall-1', label: HALLS[1]!.name, place: 'back-right' },
  { key: 'stand', label: HALLS[0]!.stands[0]!.name, place: 'stand' },
  { key: 'help', label: 'Info & Hilfe', place: 'desk' },
  { key: 'ondemand', label: 'On Demand', place: 'left' },
];

/**
 * Demo halls and stands (issues 5 and 14): two halls in the demo convention with three listed stands each, one
 * stand of another demo organisation that applied to hall 1 and waits for the host's approval (with its preview
 * slug), the stage's picture and an image foyer (2:1) whose points lead to both halls, the stage, a stand and the
 * organiser's help address. The pictures are drawn by ./pictures (a hall down its aisle, a 2:1 stand panorama
 * shown in both languages with three reference points and the booth's front cut from it as the hall's card, the
 * foyer with signs where its points are), rendered a few at a time before the rows are written. Without `conventionId` the
 * organisation's first convention is used, if there is one.
 */
export async function seedHalls(
  trx: Knex,
  options: { organizationId: string; conventionId?: string | null; storage?: Storage },
): Promise<{ hallIds: string[]; standIds: string[]; pendingHallStandPreviewSlug: string }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const conventionId =
    options.conventionId ??
    ((await trx('conventions').where({ organization_id: organizationId }).orderBy('created_at').first('id'))?.id as string | undefined) ??
    null;
  const stage = conventionId ? await trx('convention_stages').where({ convention_id: conventionId }).first('stage_id') : undefined;

  // every picture first, a few at a time (rendering takes the time; the rows are quick). A stand is drawn once:
  // its panorama, with its front (the hall's card) cut from the middle.
  const drawn: {
    halls: Picture[];
    stands: Awaited<ReturnType<typeof standPictures>>[][];
    guest?: Picture;
    stage?: Picture;
    foyer?: Awaited<ReturnType<typeof foyerPicture>>;
  } = { halls: [], stands: HALLS.map(() => []) };
  await inParallel<void>(
    [
      ...HALLS.map((hall, i) => async () => {
        drawn.halls[i] = await hallPicture(hall.name, hall.stands.map((s) => s.name));
      }),
      ...HALLS.flatMap((hall, i) =>
        hall.stands.map((s, j) => async () => {
          drawn.stands[i]![j] = await standPictures(s.name, s.tagline);
        }),
      ),
      async () => {
        drawn.guest = await boothPicture(GUEST.name, GUEST.tagline);
      },
      ...(stage
        ? [
            async () => {
              drawn.stage = await stagePicture('Hauptbühne', 'Keynotes · Praxisberichte · Podien');
            },
          ]
        : []),
      ...(conventionId
        ? [
            async () => {
              drawn.foyer = await foyerPicture('Digitale Fachmesse 2026', FOYER_SIGNS);
            },
          ]
        : []),
    ],
    3,
  );

  const hallIds: string[] = [];
  const standIds: string[] = [];
  for (const [index, spec] of HALLS.entries()) {
    const thumbnail = await storePicture(trx, storage, organizationId, spec.slug, drawn.halls[index]!);
    const [hall] = await trx('halls')
      .insert({ organization_id: organizationId, slug: spec.slug, name: spec.name, thumbnail_id: thumbnail, permission_type: 'PUBLIC' })
      .returning('id');
    hallIds.push(hall.id);
    await trx('hall_translations').insert(spec.texts.map((t) => ({ ...t, hall_id: hall.id })));
    if (conventionId) await trx('convention_halls').insert({ organization_id: organizationId, convention_id: conventionId, hall_id: hall.id, order: index });

    for (const [order, standSpec] of spec.stands.entries()) {
      const { name } = standSpec;
      const slug = slugOf(name);
      const [row] = await trx('base_stands')
        .insert({ organization_id: organizationId, name, slug, chat_url: '', shop: order === 0, shop_url: order === 0 ? `https://shop.example/${slug}` : '' })
        .returning('id');
      standIds.push(row.id);
      await trx('stand_translations').insert(standSpec.texts.map((t) => ({ ...t, stand_id: row.id })));
      const pictures = drawn.stands[index]![order]!;
      const standThumb = await storePicture(trx, storage, organizationId, slug, pictures.front);
      await trx('hall_stands').insert({
        organization_id: organizationId,
        hall_id: hall.id,
        stand_id: row.id,
        approved: true,
        stand_accepted: true,
        order,
        slug,
        thumbnail_id: standThumb,
        preview_slug: crypto.randomBytes(16).toString('base64url'),
      });
      // one panorama, a view of it per language with the points named in that language
      const pano = await storePicture(trx, storage, organizationId, `${slug}-360`, pictures.panorama);
      for (const language of ['DE', 'EN'] as const) {
        const [node] = await trx('stand_nodes').insert({ organization_id: organizationId, stand_id: row.id, type: 'PANO', image_id: pano, language }).returning('id');
        for (const [pointOrder, point] of STAND_POINTS.entries()) {
          const [reference] = await trx('points')
            .insert({ organization_id: organizationId, node_id: node.id, cx: point.cx, cy: point.cy, kind: 'REFERENCE', name: point.name[language], slug: point.slug, order: pointOrder })
            .returning('id');
          await trx('point_translations').insert(point.texts.map((t) => ({ ...t, point_id: reference.id })));
        }
      }
    }
  }

  // another organisation applied with its stand to hall 1 (its consent is given) and waits for the host's approval
  const [guestOrg] = await trx('organizations')
    .insert({ name: 'Gastaussteller Süd GmbH', slug: 'gastaussteller-sued', email: 'kontakt@gast.example', suites: Package.BASIC | Package.EVENT })
    .returning('id');
  const [guestStand] = await trx('base_stands')
    .insert({ organization_id: guestOrg.id, name: GUEST.name, slug: 'gastaussteller-sued' })
    .returning('id');
  await trx('stand_translations').insert(GUEST.texts.map((t) => ({ ...t, stand_id: guestStand.id })));
  const pendingHallStandPreviewSlug = crypto.randomBytes(16).toString('base64url');
  const guestFront = await storePicture(trx, storage, guestOrg.id, 'gastaussteller-sued', drawn.guest!);
  // its booth's front is its view in both languages (the host's preview shows it)
  await trx('stand_nodes').insert(
    (['DE', 'EN'] as const).map((language) => ({ organization_id: guestOrg.id, stand_id: guestStand.id, type: 'IMAGE', image_id: guestFront, language })),
  );
  await trx('hall_stands').insert({
    organization_id: organizationId,
    hall_id: hallIds[0],
    stand_id: guestStand.id,
    approved: false,
    stand_accepted: true,
    order: HALLS[0]!.stands.length,
    slug: 'gastaussteller-sued',
    thumbnail_id: guestFront,
    preview_slug: pendingHallStandPreviewSlug,
  });

  if (conventionId) {
    // the stage's own 16:9 picture: the player shows it before the stream is started
    if (stage) {
      const stageImage = await storePicture(trx, storage, organizationId, 'hauptbuehne', drawn.stage!);
      await trx('stages').where({ id: stage.stage_id }).update({ thumbnail_id: stageImage });
    }
    const foyer = drawn.foyer!;
    const foyerImage = await storePicture(trx, storage, organizationId, 'foyer', foyer.picture);
    const at = (key: string) => foyer.anchors[key]!;
    const [foyerRow] = await trx('image_foyers').insert({ organization_id: organizationId, convention_id: conventionId, image_id: foyerImage }).returning('id');
    const organization = await trx('organizations').where({ id: organizationId }).first('email');
    const point = (key: string, target: Record<string, unknown>) => ({ organization_id: organizationId, foyer_id: foyerRow.id, ...at(key), ...target });
    await trx('foyer_points').insert([
      point('hall-0', { target_type: 'HALL', target_id: hallIds[0] }),
      ...(stage ? [point('stage', { target_type: 'STAGE', target_id: stage.stage_id })] : []),
      point('hall-1', { target_type: 'HALL', target_id: hallIds[1] }),
      point('stand', { target_type: 'STAND', target_id: standIds[0] }),
      // the info desk: questions go to the organiser
      point('help', { target_type: 'LINK', link: `mailto:${organization?.email || 'kontakt@demo.example'}` }),
    ]);
    await trx('conventions').where({ id: conventionId }).update({ navigation_mode: 'IMAGE_FOYER' });
  }
  return { hallIds, standIds, pendingHallStandPreviewSlug };
}
