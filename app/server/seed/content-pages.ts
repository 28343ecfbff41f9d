import crypto from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { blockDefaults, type BlockContent, type BlockType } from '~/lib/content-pages/blocks';
import type { ColumnWidth, LayoutItem, PageLayout } from '~/lib/content-pages/layout';
import { DEFAULT_WELCOME_VIDEO } from '~/lib/video';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { createContentPage, createContentPageTranslation } from '../../../tests/fixtures/content-pages';
import { boothPicture, inParallel, storePicture, type Picture } from './pictures';

/** The demo product page's address (`/content/demo-produktseite`). */
export const DEMO_PAGE_SLUG = 'demo-produktseite';
const SPIN_FRAMES = 72;

/** One frame of the 360 spin: a stand module seen from `angle` degrees (drawn here, nothing is fetched). */
async function spinFrame(angle: number): Promise<Picture> {
  const width = 480;
  const height = 360;
  const rad = (angle * Math.PI) / 180;
  const front = Math.abs(Math.cos(rad)) * 140;
  const side = Math.abs(Math.sin(rad)) * 90;
  const left = width / 2 - (front + side) / 2;
  const frontFirst = Math.cos(rad) >= 0;
  const faceA = `<rect x="${frontFirst ? left : left + side}" y="90" width="${front}" height="200" fill="#283853"/>`;
  const faceB = `<rect x="${frontFirst ? left + front : left}" y="90" width="${side}" height="200" fill="#e45364"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f7f7f7"/>${faceA}${faceB}<rect x="140" y="290" width="200" height="10" fill="#77bf70"/></svg>`;
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
  return { bytes, width, height, mimeType: 'image/webp', extension: 'webp' };
}

/** A cube of 40 cm as an ASCII STL: the demo's 3D model (the viewer shows stl, glb and gltf). */
function cubeStl(): Buffer {
  const s = 0.4;
  const v = (x: number, y: number, z: number) => `vertex ${x * s} ${y * s} ${z * s}`;
  const faces: [number[], number[][]][] = [
    [[0, 0, -1], [[0, 0, 0], [1, 1, 0], [1, 0, 0], [0, 0, 0], [0, 1, 0], [1, 1, 0]]],
    [[0, 0, 1], [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 0, 1], [1, 1, 1], [0, 1, 1]]],
    [[0, -1, 0], [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 0], [1, 0, 1], [0, 0, 1]]],
    [[0, 1, 0], [[0, 1, 0], [1, 1, 1], [1, 1, 0], [0, 1, 0], [0, 1, 1], [1, 1, 1]]],
    [[-1, 0, 0], [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 0, 0], [0, 1, 1], [0, 1, 0]]],
    [[1, 0, 0], [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 0], [1, 1, 1], [1, 0, 1]]],
  ];
  const facets = faces.flatMap(([n, points]) =>
    [0, 3].map((i) => `facet normal ${n.join(' ')}\n outer loop\n  ${points.slice(i, i + 3).map((p) => v(p[0]!, p[1]!, p[2]!)).join('\n  ')}\n endloop\nendfacet`),
  );
  return Buffer.from(`solid modul-x\n${facets.join('\n')}\nendsolid modul-x\n`, 'utf8');
}

async function storeFile(trx: Knex, storage: Storage, organizationId: string, filename: string, mimeType: string, bytes: Buffer): Promise<string> {
  const key = `org/${organizationId}/${crypto.randomUUID()}-${filename}`;
  await storage.put(key, bytes, mimeType);
  const [row] = await trx('files')
    .insert({ organization_id: organizationId, storage_key: key, filename, mime_type: mimeType, size: bytes.length, is_public: true })
    .returning('id');
  return row.id as string;
}

type Texts = { headline: string; sub: string; button: string; body: string; alt: string; video: string; model: string; spin: string; pdf: string };

const TEXTS: Record<'DE' | 'EN', Texts> = {
  DE: {
    headline: 'Messesystem Modul X',
    sub: 'Aufgebaut in unter einer Stunde – für jede Halle und jedes Budget',
    button: 'Beratung anfragen',
    body: '<h2>Leicht, stabil, schnell aufgebaut</h2><p>Modul X ist unser Standsystem aus Aluminium: Rahmen in drei Höhen, Textilbespannung mit Digitaldruck und integrierte LED-Beleuchtung.</p><ul><li>18 kg je Modul, Traglast 40 kg</li><li>Werkzeugloser Aufbau</li><li>Wiederverwendbar für viele Messen</li></ul>',
    alt: 'Der Messestand mit Modul X von vorn',
    video: 'Imagevideo: Modul X im Einsatz',
    model: 'Ein Modul als 3D-Modell – zum Drehen und Zoomen',
    spin: 'Modul X rundum',
    pdf: 'Broschüre 2026 herunterladen',
  },
  EN: {
    headline: 'Fair system Module X',
    sub: 'Set up in less than an hour – for every hall and every budget',
    button: 'Ask for advice',
    body: '<h2>Light, sturdy, quickly set up</h2><p>Module X is our aluminium stand system: frames in three heights, textile covers with digital print and integrated LED lighting.</p><ul><li>18 kg per module, 40 kg load</li><li>Set up without tools</li><li>Reusable for many fairs</li></ul>',
    alt: 'The stand built with Module X, seen from the front',
    video: 'Image video: Module X in use',
    model: 'One module as a 3D model – turn and zoom it',
    spin: 'Module X all around',
    pdf: 'Download the 2026 brochure',
  },
};

/**
 * The demo organisation's product page (issue 16), published, in German and English: a hero, text and picture,
 * the image video, a 3D model with its poster, a 360 spin of 72 pictures, and the brochure PDF of the content pool.
 * Files are drawn here (nothing is fetched). Returns the page's id and its token link's token.
 */
export async function seedContentPages(
  trx: Knex,
  options: { organizationId: string; storage?: Storage },
): Promise<{ pageId: string; token: string }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const store = (name: string, picture: Picture) => storePicture(trx, storage, organizationId, name, picture);

  // drawn in parallel, stored one after the other (the rows share the seed's transaction)
  const [photoPicture, posterPicture] = await inParallel([
    () => boothPicture('Modul X', 'Messesystem aus Aluminium'),
    () => boothPicture('Modul X', '3D-Modell', { width: 800, height: 450 }),
  ]);
  const photo = await store('modul-x', photoPicture!);
  const poster = await store('modul-x-3d', posterPicture!);
  const frames = await inParallel(Array.from({ length: SPIN_FRAMES }, (_, i) => () => spinFrame((i * 360) / SPIN_FRAMES)));
  const spin: string[] = [];
  for (const [i, frame] of frames.entries()) spin.push(await store(`modul-x-360-${String(i + 1).padStart(2, '0')}`, frame));
  const model = await storeFile(trx, storage, organizationId, 'modul-x.stl', 'model/stl', cubeStl());
  const pdf = (await trx('files').where({ organization_id: organizationId, filename: 'broschuere-2026.pdf' }).first('id'))?.id ?? null;

  const block = <T extends BlockType>(type: T, fields: Partial<Extract<BlockContent, { type: T }>>) => ({ ...blockDefaults(type), ...fields }) as BlockContent;
  const layoutFor = (language: 'DE' | 'EN'): PageLayout => {
    const x = TEXTS[language];
    const rows: [ColumnWidth, BlockContent][][] = [
      [['N8', block('HERO', { headline: { text: x.headline, color: '#ffffff', position: 'Center' }, subHeadline: { text: x.sub, color: '#ffffff', position: 'Center' }, text: x.button, url: 'mailto:info@demo.example' })]],
      [
        ['N4', block('TEXT', { html: x.body })],
        ['N4', block('IMAGE', { file: photo, text: x.alt })],
      ],
      [['N8', block('VIDEO', { url: DEFAULT_WELCOME_VIDEO, text: x.video })]],
      [
        ['N4', block('CADFILE', { file: model, backgroundImage: poster, text: x.model })],
        ['N4', block('IMAGES360', { files: spin, text: x.spin })],
      ],
      [['N8', block('PDF', { file: pdf, pdfView: 'Embed', text: x.pdf })]],
    ];
    let sort = 0;
    return {
      rows: rows.map((columns, r) => ({
        id: `${language.toLowerCase()}-row-${r + 1}`,
        type: 'ROW' as const,
        columns: columns.map(([width, content], c) => ({
          id: `${language.toLowerCase()}-col-${r + 1}-${c + 1}`,
          type: 'COL' as const,
          width,
          item: { id: `${language.toLowerCase()}-item-${r + 1}-${c + 1}`, sort: sort++, content: content as unknown as LayoutItem['content'] },
          rows: [],
        })),
      })),
    };
  };

  const token = crypto.randomBytes(32).toString('base64url');
  const page = await createContentPage(trx, {
    organization_id: organizationId,
    slug: DEMO_PAGE_SLUG,
    thumbnail_id: photo,
    state: 'PUBLISHED',
    publish_token: token,
    published_at: new Date(),
  });
  await createContentPageTranslation(trx, { page_id: page.id, language: 'DE', name: 'Produktseite Modul X', layout: layoutFor('DE') });
  await createContentPageTranslation(trx, { page_id: page.id, language: 'EN', name: 'Product page Module X', layout: layoutFor('EN') });
  return { pageId: page.id, token };
}

/** The demo convention's help page (`/convention/digitale-fachmesse-2026/help/demo-hilfe`, `/content/demo-hilfe`). */
export const DEMO_HELP_PAGE_SLUG = 'demo-hilfe';

const HELP_TEXTS: Record<'DE' | 'EN', { name: string; intro: string; steps: string; alt: string; contact: string }> = {
  DE: {
    name: 'Hilfe zur Digitalen Fachmesse 2026',
    intro:
      '<h2>So besuchen Sie die Messe</h2><p>Die Digitale Fachmesse läuft im Browser – auf dem Rechner, dem Tablet und dem Smartphone. Sie brauchen nichts zu installieren.</p>',
    steps:
      '<h3>In drei Schritten</h3><ol><li>Wählen Sie im Foyer eine Halle oder einen Stand.</li><li>Klicken Sie an einem Stand auf die Punkte: Produkte, Videos und Ansprechpartner.</li><li>Hinterlassen Sie Ihre Visitenkarte, damit Aussteller Sie erreichen.</li></ol>',
    alt: 'Der Infopoint der Messe mit Ansprechpartnern',
    contact: '<h3>Fragen?</h3><p>Schreiben Sie uns an <a href="mailto:info@demo.example">info@demo.example</a> – wir antworten während der Messe innerhalb einer Stunde.</p>',
  },
  EN: {
    name: 'Help for the Digital Trade Fair 2026',
    intro:
      '<h2>How to visit the fair</h2><p>The Digital Trade Fair runs in your browser – on a computer, a tablet and a phone. There is nothing to install.</p>',
    steps:
      '<h3>In three steps</h3><ol><li>Choose a hall or a stand in the foyer.</li><li>At a stand, click its points: products, videos and contacts.</li><li>Leave your business card so exhibitors can reach you.</li></ol>',
    alt: 'The fair’s info point with its contacts',
    contact: '<h3>Questions?</h3><p>Write to <a href="mailto:info@demo.example">info@demo.example</a> – during the fair we answer within an hour.</p>',
  },
};

/**
 * A page of text and one picture (issue 16): the demo convention's help page, published, in German and English.
 * It is what `npm run bench:visitor` measures as a plain content page (no video, 3D or 360 code). Returns its id.
 */
export async function seedHelpPage(trx: Knex, options: { organizationId: string; conventionSlug?: string; storage?: Storage }): Promise<string> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const picture = await storePicture(trx, storage, organizationId, 'infopoint', await boothPicture('Infopoint', 'Hilfe & Kontakt', { width: 960, height: 540 }));
  const layoutFor = (language: 'DE' | 'EN'): PageLayout => {
    const x = HELP_TEXTS[language];
    const id = (what: string) => `${language.toLowerCase()}-help-${what}`;
    const cell = (name: string, width: ColumnWidth, sort: number, content: BlockContent) => ({
      id: id(`col-${name}`),
      type: 'COL' as const,
      width,
      rows: [],
      item: { id: id(`item-${name}`), sort, content: content as unknown as LayoutItem['content'] },
    });
    const text = (html: string) => ({ ...blockDefaults('TEXT'), html }) as BlockContent;
    return {
      rows: [
        { id: id('row-1'), type: 'ROW', columns: [cell('intro', 'N8', 0, text(x.intro))] },
        { id: id('row-2'), type: 'ROW', columns: [cell('steps', 'N4', 1, text(x.steps)), cell('picture', 'N4', 2, { ...blockDefaults('IMAGE'), file: picture, text: x.alt } as BlockContent)] },
        { id: id('row-3'), type: 'ROW', columns: [cell('contact', 'N8', 3, text(x.contact))] },
      ],
    };
  };
  const page = await createContentPage(trx, {
    organization_id: organizationId,
    slug: DEMO_HELP_PAGE_SLUG,
    thumbnail_id: picture,
    state: 'PUBLISHED',
    publish_token: crypto.randomBytes(32).toString('base64url'),
    published_at: new Date(),
  });
  for (const language of ['DE', 'EN'] as const) {
    await createContentPageTranslation(trx, { page_id: page.id, language, name: HELP_TEXTS[language].name, layout: layoutFor(language) });
  }
  if (options.conventionSlug) {
    await trx('conventions').where({ slug: options.conventionSlug, organization_id: organizationId }).update({ help_content_page_id: page.id });
  }
  return page.id;
}
