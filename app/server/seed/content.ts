import type { Knex } from 'knex';
import { DEFAULT_WELCOME_VIDEO } from '~/lib/video';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { createContentGroup, createContentObject, createFile, createPersonalization, createPublicsite } from '../../../tests/fixtures/factories';
import { inParallel, onDemandThumbnail, organizationAvatar, storePicture } from './pictures';

/** A one-page PDF brochure, written here (the seed never reaches the internet). */
function brochurePdf(title: string, lines: string[]): Buffer {
  const text = [title, ...lines].map((line, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 56 ${780 - i * 24} Td (${line.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * The demo organisation's content pool (issue 15): product sheets in German and English, a brochure PDF, the
 * image video and a link to the product page; the demo stands' "Produkte" reference points show the product
 * sheets. Groups are public, as a visitor of the demo stand is not asked to log in for them.
 */
export async function seedContent(trx: Knex, options: { organizationId: string; storage?: Storage }): Promise<{ groupIds: string[] }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const group = (name: string, slug: string) => createContentGroup(trx, { organization_id: organizationId, name, slug, permission_type: 'PUBLIC' });
  const add = (groupId: string, fields: Parameters<typeof createContentObject>[1]) => createContentObject(trx, { group_id: groupId, ...fields });

  const sheets = await group('Produktblätter', 'demo-produktblaetter');
  const localized = await add(sheets.id, { type: 'LOCALIZED', value: null, sort: 0 });
  await add(sheets.id, {
    parent_id: localized.id,
    language: 'DE',
    value: '<h2>Messesystem Modul X</h2><p>Leichtes Standsystem aus Aluminium, in <strong>unter einer Stunde</strong> aufgebaut.</p><ul><li>Rahmen in 3 Höhen</li><li>Textilbespannung mit Digitaldruck</li><li>LED-Beleuchtung integriert</li></ul>',
  });
  await add(sheets.id, {
    parent_id: localized.id,
    language: 'EN',
    sort: 1,
    value: '<h2>Fair system Module X</h2><p>Lightweight aluminium stand system, set up in <strong>less than an hour</strong>.</p><ul><li>Frames in 3 heights</li><li>Textile covers with digital print</li><li>Integrated LED lighting</li></ul>',
  });
  const column = await add(sheets.id, { type: 'COLUMN', size: 2, value: null, sort: 1 });
  await add(sheets.id, { parent_id: column.id, value: '<h3>Technische Daten</h3><p>Gewicht 18 kg je Modul, Traglast 40 kg, Windlast für Innenräume.</p>' });
  await add(sheets.id, {
    parent_id: column.id,
    type: 'BOOKMARK',
    sort: 1,
    value: 'https://www.example.com/modul-x',
    og_title: 'Modul X – Produktseite',
    og_description: 'Alle Varianten, Preise und Lieferzeiten des Messesystems Modul X.',
  });

  const brochure = await group('Broschüre 2026', 'demo-broschuere-2026');
  const key = `demo/content/broschuere-2026.pdf`;
  const bytes = brochurePdf('Broschuere 2026', ['Messesystem Modul X', 'Beleuchtung und Medientechnik', 'Service rund um Ihren Stand']);
  await storage.put(key, bytes, 'application/pdf');
  const pdf = await createFile(trx, {
    organization_id: organizationId,
    storage_key: key,
    filename: 'broschuere-2026.pdf',
    mime_type: 'application/pdf',
    size: bytes.length,
    width: null,
    height: null,
    is_public: true,
  });
  await add(brochure.id, { value: '<p>Unsere Broschüre mit dem ganzen Sortiment zum Herunterladen.</p>' });
  await add(brochure.id, { type: 'PDF', value: null, file_id: pdf.id, name: 'Broschüre 2026', sort: 1 });

  const video = await group('Imagevideo', 'demo-imagevideo');
  await add(video.id, { type: 'YOUTUBE', value: DEFAULT_WELCOME_VIDEO, name: 'Imagevideo' });
  await add(video.id, { type: 'DIVIDER', value: null, sort: 1 });
  await add(video.id, { value: '<p>Zwei Minuten über unser Unternehmen und unsere Messeauftritte.</p>', sort: 2 });

  // a slideshow of the last fair: three pictures with their captions as names
  const impressions = await group('Messeimpressionen', 'demo-messeimpressionen');
  await add(impressions.id, { value: '<p>Eindrücke von der Digitalen Fachmesse 2025: Eröffnung, Podium und Live-Vorführungen am Stand.</p>' });
  const slideshow = await add(impressions.id, { type: 'SLIDESHOW', value: null, name: 'Messe 2025', sort: 1 });
  const slides: [string, string][] = [
    ['Eröffnung der Fachmesse 2025', 'Dr. Anna Schneider · Hauptbühne'],
    ['Podium: Fabrik der Zukunft', 'Vier Stimmen aus der Praxis'],
    ['Live-Demo am Stand', 'Müller Präzisionstechnik'],
  ];
  const pictures = await inParallel(slides.map(([title, subtitle]) => () => onDemandThumbnail(title, subtitle)));
  for (const [i, [title]] of slides.entries()) {
    const fileId = await storePicture(trx, storage, organizationId, `impression-${i + 1}`, pictures[i]!);
    await add(impressions.id, { parent_id: slideshow.id, type: 'IMAGE', value: null, file_id: fileId, name: title, sort: i });
  }

  // the stands' "Produkte" reference points show the product sheets
  const stands = trx('stand_nodes').where({ organization_id: organizationId }).select('id');
  await trx('points').where({ organization_id: organizationId, kind: 'REFERENCE', slug: 'produkte' }).whereIn('node_id', stands).update({ content_group_id: sheets.id });
  return { groupIds: [sheets.id, brochure.id, video.id, impressions.id] };
}

/**
 * The demo organisation's look for its public pages (issue 15): a personalization with its logo, the brand's
 * colours (white text on the primary colour passes WCAG AA), imprint and data privacy texts; it is the
 * organisation's default, which the demo content pages and the lead form use by naming none (issue 24: they follow
 * a new default), and a publicsite "Produktwelt" names it.
 */
export async function seedPersonalization(trx: Knex, options: { organizationId: string; storage?: Storage }): Promise<{ personalizationId: string }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const logoId = await storePicture(trx, storage, organizationId, 'logo-demo-messe', await organizationAvatar('Demo Messe GmbH'));
  const personalization = await createPersonalization(trx, {
    organization_id: organizationId,
    slug: 'demo-messe',
    title: 'Demo Messe',
    logo_id: logoId,
    favicon_id: logoId,
    logo_position: 'LEFT',
    logo_width: 120,
    primary_color: '#283853',
    secondary_color: '#c22a3e',
    imprint:
      'Demo Messe GmbH\nMessering 1\n60327 Frankfurt am Main\nGeschäftsführung: Dr. Anna Schneider\nHandelsregister: Amtsgericht Frankfurt am Main, HRB 123456\nE-Mail: kontakt@demo.example',
    data_privacy:
      'Wir verarbeiten Ihre Daten nur, um Ihnen diese Seiten zu zeigen und Ihre Anfragen zu beantworten. Verantwortlich ist die Demo Messe GmbH, Messering 1, 60327 Frankfurt am Main (datenschutz@demo.example).',
  });
  await trx('organizations').where({ id: organizationId }).update({ default_personalization_id: personalization.id });
  await createPublicsite(trx, { organization_id: organizationId, name: 'Produktwelt', slug: 'demo-produktwelt', personalization_id: personalization.id });
  return { personalizationId: personalization.id };
}
