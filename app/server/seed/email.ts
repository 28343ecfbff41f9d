import crypto from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';

/**
 * The demo organisation's mails (issue 29): its brand colour, a header image (a PNG band with its name, since mail
 * programs do not all show WebP) rendered here, the sender name and reply-to, and one changed text: the German
 * subject of the lead information mail. Idempotent: an organisation that has mail settings is left as it is.
 */
export async function seedEmail(trx: Knex, options: { organizationId: string; storage?: Storage }): Promise<{ seeded: boolean }> {
  const { organizationId } = options;
  if (await trx('email_settings').where({ organization_id: organizationId }).first('id')) return { seeded: false };
  const organization = (await trx('organizations').where({ id: organizationId }).first('name')) as { name: string };
  const storage = options.storage ?? createStorage(loadEnv());

  const width = 1120;
  const height = 220;
  const name = organization.name.replace(/[&<>"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1f4e79"/><stop offset="1" stop-color="#2f75b5"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width - 140}" cy="40" r="150" fill="#ffffff" fill-opacity="0.08"/>
<text x="64" y="128" font-family="Arial, Helvetica, sans-serif" font-size="56" font-weight="bold" fill="#ffffff">${name}</text>
<text x="66" y="172" font-family="Arial, Helvetica, sans-serif" font-size="26" fill="#dbe8f5">Digitale Fachmesse 2026</text>
</svg>`;
  const bytes = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const key = `org/${organizationId}/${crypto.randomUUID()}.png`;
  await storage.put(key, bytes, 'image/png');
  const [file] = await trx('files')
    .insert({ organization_id: organizationId, storage_key: key, filename: 'mail-kopfbild.png', mime_type: 'image/png', size: bytes.length, width, height, is_public: true })
    .returning('id');

  await trx('email_settings').insert({
    organization_id: organizationId,
    color: '#1f4e79',
    header_image_id: file.id,
    sender_name: `${organization.name} Messeteam`,
    reply_to: 'messe@demo.example',
  });
  await trx('email_translatables').insert({
    organization_id: organizationId,
    template_key: 'leadInformation',
    msg_id: 'subject',
    language: 'DE',
    text: 'Schön, dass Sie an unserem Stand waren: Ihre Unterlagen von {{organisation}}',
  });
  return { seeded: true };
}
