import { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import sanitizeHtml from 'sanitize-html';
import { Icon } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { cleanFilename, fileUrl, uploadFile } from '../files/files.server';
import { requireContentEditor } from './policy';

/**
 * Icons (spec 000: Icon id, file; 001 calls Icons, UploadIcon, DeleteIcon): an organisation's small pictures for
 * points and features, in its content pool. PNG or SVG only, at most ICON_MAX_BYTES and ICON_MAX_SIDE pixels a
 * side. A PNG is stored as a file (through the files service: sniffed, measured); an SVG is sanitised with an
 * allow-list of drawing elements and kept as markup, shown only as an image (a data: URL), never served as a
 * document of our origin. An SVG that declares a DOCTYPE or entities, or has no drawing left, is refused.
 */
export const ICON_MAX_BYTES = 512 * 1024;
export const ICON_MAX_SIDE = 1024;

/** A place that refers to icons: a column of a table holding an icon id (virtual-room points will register theirs). */
export interface IconUsage {
  table: string;
  column: string;
  /** a column of that table naming the row, shown in the refusal of a delete */
  nameColumn?: string;
}

const ICON_USAGES: IconUsage[] = [];

/** Adds a place that refers to icons, so a delete is refused while a row there still points at the icon. */
export function registerIconUsage(usage: IconUsage): void {
  if (!ICON_USAGES.some((u) => u.table === usage.table && u.column === usage.column)) ICON_USAGES.push(usage);
}

/** Takes a registration back (tests that registered a place of their own). */
export function unregisterIconUsage(usage: Pick<IconUsage, 'table' | 'column'>): void {
  const index = ICON_USAGES.findIndex((u) => u.table === usage.table && u.column === usage.column);
  if (index >= 0) ICON_USAGES.splice(index, 1);
}

/** What the API and the pages show of an icon: a PNG's file URL, an SVG as a data: URL of its sanitised markup. */
export function iconUrl(icon: Pick<Icon, 'kind' | 'file_id' | 'svg'>): string {
  if (icon.kind === 'SVG') return `data:image/svg+xml;base64,${Buffer.from(icon.svg ?? '', 'utf8').toString('base64')}`;
  return fileUrl({ id: icon.file_id! });
}

export async function listIcons(ctx: ServiceContext): Promise<Icon[]> {
  const { organizationId } = requireContentEditor(ctx);
  return Icon.query(ctx.db).where({ organization_id: organizationId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
}

const SVG_ELEMENTS = [
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'title', 'desc', 'defs', 'symbol', 'use',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask',
];
const SVG_ATTRIBUTES = [
  'id', 'class', 'xmlns', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points',
  'fill', 'fill-rule', 'fill-opacity', 'clip-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-opacity',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'transform', 'preserveAspectRatio', 'offset', 'stop-color',
  'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy', 'clip-path', 'clipPathUnits', 'mask', 'maskUnits',
  'href', 'xlink:href', 'xmlns:xlink', 'version',
];
/** Paints may point at a gradient of the same drawing (url(#id)), nothing else. */
const LOCAL_REFERENCE = /^url\(#[\w.-]+\)$/;
const REFERENCE_ATTRIBUTES = ['fill', 'stroke', 'clip-path', 'mask'];

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_ELEMENTS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedSchemes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        // <use> and gradients may only point inside the drawing
        if ((name === 'href' || name === 'xlink:href') && !/^#[\w.-]+$/.test(value)) continue;
        if (REFERENCE_ATTRIBUTES.includes(name) && value.includes('(') && !LOCAL_REFERENCE.test(value.trim())) continue;
        kept[name] = value;
      }
      return { tagName, attribs: kept };
    },
  },
};

/** The sanitised markup of an SVG icon, or null when it is no SVG drawing we keep. */
export function sanitizeSvg(text: string): string | null {
  const source = text.replace(/^\uFEFF/, '');
  // no DOCTYPE or entity declarations (entity expansion), no processing instructions besides the XML prolog
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) return null;
  const body = source.replace(/^\s*<\?xml\s[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '').trim();
  if (!/^<svg[\s>]/.test(body) || /<\?/.test(body)) return null;
  const clean = sanitizeHtml(body, SVG_OPTIONS).trim();
  if (!/^<svg[\s>]/.test(clean) || !/<(path|circle|ellipse|line|polyline|polygon|rect|use)[\s/>]/.test(clean)) return null;
  return clean.includes('xmlns=') ? clean : clean.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function readLimited(ctx: ServiceContext, stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > ICON_MAX_BYTES) {
      stream.destroy();
      throw new DomainError('FILE_TOO_LARGE', ctx.t('personalization:icons.errors.tooLarge', { kilobytes: ICON_MAX_BYTES / 1024 }), 'file');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const typeRefused = (ctx: ServiceContext) => new DomainError('FILE_TYPE_NOT_ALLOWED', ctx.t('personalization:icons.errors.type'), 'file');

/** Stores an icon of the current organisation from an upload: a PNG or a (sanitised) SVG, within the limits. */
export async function uploadIcon(ctx: ServiceContext, input: { stream: Readable; filename: string; declaredMimeType?: string | null }): Promise<Icon> {
  let organizationId: string;
  try {
    ({ organizationId } = requireContentEditor(ctx));
  } catch (error) {
    input.stream.destroy();
    throw error;
  }
  const bytes = await readLimited(ctx, input.stream);
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    let size: { width?: number; height?: number } = {};
    try {
      size = imageSize(bytes);
    } catch {
      throw typeRefused(ctx);
    }
    if (!size.width || !size.height) throw typeRefused(ctx);
    if (size.width > ICON_MAX_SIDE || size.height > ICON_MAX_SIDE) {
      throw new DomainError('FILE_TOO_LARGE', ctx.t('personalization:icons.errors.tooWide', { side: ICON_MAX_SIDE, width: size.width, height: size.height }), 'file');
    }
    return inTransaction(ctx, async (tx) => {
      const file = await uploadFile(tx, {
        stream: Readable.from([bytes]),
        filename: input.filename,
        declaredMimeType: input.declaredMimeType ?? 'image/png',
        forOrg: organizationId,
        purpose: 'IMAGE',
      });
      if (file.mime_type !== 'image/png') throw typeRefused(ctx);
      return Icon.query(tx.db)
        .insert({ organization_id: organizationId, kind: 'PNG', filename: file.filename, file_id: file.id, svg: null })
        .returning('*');
    });
  }
  const svg = bytes.includes(0) ? null : sanitizeSvg(bytes.toString('utf8'));
  if (!svg) throw typeRefused(ctx);
  return Icon.query(ctx.db)
    .insert({ organization_id: organizationId, kind: 'SVG', filename: cleanFilename(input.filename, 'svg'), file_id: null, svg })
    .returning('*');
}

/** Where an icon is still used: one text per referring row, in the viewer's language. */
export async function iconUsagesOf(ctx: ServiceContext, iconId: string): Promise<string[]> {
  // in turn: deleteIcon asks inside its transaction, whose one connection runs one statement at a time
  const places: string[] = [];
  for (const usage of ICON_USAGES) {
    const rows: { name: unknown }[] = await ctx
      .db(usage.table)
      .where(usage.column, iconId)
      .select(ctx.db.raw('??::text as name', [usage.nameColumn ?? 'id']))
      .limit(20);
    places.push(...rows.map((row) => ctx.t('personalization:icons.usedBy', { table: usage.table, name: String(row.name) })));
  }
  return places;
}

/** Deletes an icon of the current organisation, unless something still uses it: then INVALID naming every place. */
export async function deleteIcon(ctx: ServiceContext, id: string): Promise<string> {
  const { organizationId } = requireContentEditor(ctx);
  assertId(ctx, id);
  return inTransaction(ctx, async (tx) => {
    // the row lock keeps a concurrent reference from slipping in between the check and the delete
    const icon = isUuid(id) ? await Icon.query(tx.db).findOne({ id, organization_id: organizationId }).forUpdate() : undefined;
    if (!icon) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
    const usages = await iconUsagesOf(tx, icon.id);
    if (usages.length) {
      throw new DomainError('INVALID', ctx.t('personalization:icons.errors.inUse', { places: usages.join(', '), interpolation: { escapeValue: false } }), 'id');
    }
    await Icon.query(tx.db).deleteById(icon.id);
    return icon.id;
  });
}
