import type { BlockTypeName, ColumnWidth, LayoutColumn, LayoutRow, PageLayout } from './layout';

/**
 * What new pages start from (spec 000 point 4: "Templates t1-t4 and structures s1-s4 seed new pages"; 001 point 9:
 * the page layouts product page 1 and 2, company presentation, product offering, blank, basic 1 and 2 column, left
 * sidebar 3 row). Structures are empty rows and columns; templates and the named page layouts hold example items
 * (`showExample`: the builder shows each block's example placeholder until the item is touched). Column widths
 * are relative (N1 : N2 : N4 : N8 = 1 : 2 : 4 : 8), so a row of N2 and N4 splits one third to two thirds.
 *
 * Data only: `buildTemplate` makes a fresh layout with new ids each time; the builder and "create from template"
 * (contentPageCreate's `template`) use it. Isomorphic, no React.
 */

/** A column: one block (its type; the item starts as the block's example) or nested rows. */
type ColumnSpec = { width: ColumnWidth; block?: BlockTypeName; rows?: RowSpec[] };
type RowSpec = ColumnSpec[];

export const TEMPLATE_KEYS = ['t1', 't2', 't3', 't4'] as const;
export const STRUCTURE_KEYS = ['s1', 's2', 's3', 's4'] as const;
export const PAGE_LAYOUT_KEYS = [
  'productPage1',
  'productPage2',
  'companyPresentation',
  'productOffering',
  'blank',
  'basic1Column',
  'basic2Column',
  'leftSidebar3Row',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number] | (typeof STRUCTURE_KEYS)[number] | (typeof PAGE_LAYOUT_KEYS)[number];
export const ALL_TEMPLATE_KEYS: readonly TemplateKey[] = [...TEMPLATE_KEYS, ...STRUCTURE_KEYS, ...PAGE_LAYOUT_KEYS];

const one = (block: BlockTypeName, width: ColumnWidth = 'N8'): ColumnSpec => ({ width, block });
const empty = (width: ColumnWidth): ColumnSpec => ({ width });

export const TEMPLATES: Record<TemplateKey, RowSpec[]> = {
  // templates: example pages
  t1: [[one('HERO')], [one('TEXT')], [one('IMAGE', 'N4'), one('TEXT', 'N4')]],
  t2: [[one('IMAGE', 'N4'), one('TEXT', 'N4')], [one('FEATURE')], [one('CONTACT')]],
  t3: [[one('CAROUSEL')], [one('TEXT', 'N4'), one('TEXT', 'N4')], [one('HORIZONTALDIVIDER')], [one('SOCIALMEDIA')]],
  t4: [[one('VIDEO')], [one('TEXT', 'N4'), one('PDF', 'N4')], [one('ACCORDION')]],
  // structures: empty cells
  s1: [[empty('N8')]],
  s2: [[empty('N4'), empty('N4')]],
  s3: [[empty('N2'), empty('N2'), empty('N2')]],
  s4: [[empty('N2'), { width: 'N4', rows: [[empty('N8')], [empty('N4'), empty('N4')]] }]],
  // the spec's named page layouts
  productPage1: [[one('HERO')], [one('IMAGE', 'N4'), one('TEXT', 'N4')], [one('FEATURE')], [one('PDF', 'N4'), one('CONTACT', 'N4')]],
  productPage2: [[one('CAROUSEL')], [one('TEXT')], [one('VIDEO', 'N4'), one('INFOBOX', 'N4')], [one('ACCORDION')], [one('CONTACT')]],
  companyPresentation: [[one('HERO')], [one('TEXT', 'N4'), one('IMAGE', 'N4')], [one('VIDEO')], [one('SOCIALMEDIA')], [one('CONTACT')]],
  productOffering: [[one('HERO')], [one('FEATURE')], [one('IMAGE', 'N2'), one('IMAGE', 'N2'), one('IMAGE', 'N2')], [one('CONTACT')]],
  blank: [],
  basic1Column: [[one('TEXT')]],
  basic2Column: [[one('TEXT', 'N4'), one('TEXT', 'N4')]],
  leftSidebar3Row: [[one('INFOBOX', 'N2'), { width: 'N4', rows: [[one('TEXT')], [one('IMAGE')], [one('TEXT')]] }]],
};

export function isTemplateKey(value: unknown): value is TemplateKey {
  return typeof value === 'string' && (ALL_TEMPLATE_KEYS as readonly string[]).includes(value);
}

const newId = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function'
    ? globalThis.crypto.randomUUID()
    : `id-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/**
 * A fresh layout of the template: new ids, each block as `{ type, showExample: true, ...content(type) }` (pass the
 * block registry's defaults as `content` to get complete items).
 */
export function buildTemplate(key: TemplateKey, content: (type: BlockTypeName) => Record<string, unknown> = () => ({})): PageLayout {
  let sort = 0;
  const column = (spec: ColumnSpec): LayoutColumn => ({
    id: newId(),
    type: 'COL',
    width: spec.width,
    item: spec.block ? { id: newId(), sort: sort++, content: { ...content(spec.block), type: spec.block, showExample: true } } : null,
    rows: (spec.rows ?? []).map(row),
  });
  const row = (spec: RowSpec): LayoutRow => ({ id: newId(), type: 'ROW', columns: spec.map(column) });
  return { rows: TEMPLATES[key].map(row) };
}
