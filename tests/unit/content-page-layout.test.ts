import { describe, expect, it } from 'vitest';
import { blockDefaults } from '~/lib/content-pages/blocks';
import { layoutDepth, layoutIssues, layoutItems, MAX_LAYOUT_DEPTH, pageLayoutSchema, type PageLayout } from '~/lib/content-pages/layout';
import { ALL_TEMPLATE_KEYS, buildTemplate, isTemplateKey, PAGE_LAYOUT_KEYS, STRUCTURE_KEYS, TEMPLATE_KEYS } from '~/lib/content-pages/templates';
import { ContentPageTranslationCreateInput, pageSlug } from '~/lib/schemas/content-pages';

/** The layout schema and the templates of issue 16 (spec 000 points 3 and 4, 001 point 9). */
describe('content page layouts', () => {
  it('has the spec\'s templates t1-t4, structures s1-s4 and page layouts, each a valid layout with fresh ids', () => {
    expect(TEMPLATE_KEYS).toEqual(['t1', 't2', 't3', 't4']);
    expect(STRUCTURE_KEYS).toEqual(['s1', 's2', 's3', 's4']);
    expect(PAGE_LAYOUT_KEYS).toEqual(['productPage1', 'productPage2', 'companyPresentation', 'productOffering', 'blank', 'basic1Column', 'basic2Column', 'leftSidebar3Row']);
    for (const key of ALL_TEMPLATE_KEYS) {
      const layout = buildTemplate(key, (type) => blockDefaults(type));
      const parsed = pageLayoutSchema.safeParse(layout);
      expect(parsed.success, `${key}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
      expect(layoutIssues(parsed.data!), key).toEqual([]);
      expect(layoutDepth(layout), key).toBeLessThanOrEqual(4);
      // new items show their block's example until touched (spec 000 point 4)
      for (const item of layoutItems(layout)) expect(item.content.showExample, key).toBe(true);
    }
    const [a, b] = [buildTemplate('t1'), buildTemplate('t1')];
    expect(a.rows[0]!.id).not.toBe(b.rows[0]!.id);
    expect(STRUCTURE_KEYS.every((key) => layoutItems(buildTemplate(key)).length === 0)).toBe(true);
    expect(isTemplateKey('t5')).toBe(false);
  });

  it('nests six levels of data and refuses the seventh, ids twice and a column with an item and rows', () => {
    const item = (id: string) => ({ id, sort: 0, content: blockDefaults('TEXT') });
    const nest = (levels: number): PageLayout => {
      // levels counts rows and columns: 1 row, 2 its column, 3 a row inside, ...
      let column: PageLayout['rows'][number]['columns'][number] = { id: `c${levels}`, type: 'COL', width: 'N8', item: item('i'), rows: [] };
      for (let level = levels; level > 2; level -= 2) {
        column = { id: `c${level - 2}`, type: 'COL', width: 'N8', item: null, rows: [{ id: `r${level - 1}`, type: 'ROW', columns: [column] }] };
      }
      return { rows: [{ id: 'r1', type: 'ROW', columns: [column] }] };
    };
    expect(layoutDepth(nest(MAX_LAYOUT_DEPTH))).toBe(6);
    expect(layoutIssues(nest(6))).toEqual([]);
    expect(layoutIssues(nest(8)).map((i) => i.code)).toContain('TOO_DEEP');
    expect(layoutIssues({ rows: [{ id: 'x', type: 'ROW', columns: [{ id: 'x', type: 'COL', width: 'N8', item: null, rows: [] }] }] })).toEqual([{ code: 'DUPLICATE_ID', path: 'rows.0.columns.0' }]);
    const both: PageLayout = { rows: [{ id: 'r', type: 'ROW', columns: [{ id: 'c', type: 'COL', width: 'N2', item: item('i'), rows: [{ id: 'r2', type: 'ROW', columns: [{ id: 'c2', type: 'COL', width: 'N8', item: null, rows: [] }] }] }] }] };
    expect(layoutIssues(both).map((i) => i.code)).toEqual(['BOTH_ITEM_AND_ROWS']);
    expect(pageLayoutSchema.safeParse({ rows: [{ id: 'r', columns: [{ id: 'c', width: 'N3' }] }] }).success).toBe(false);
    expect(pageLayoutSchema.safeParse({ rows: [{ id: 'r', columns: [{ id: 'c', item: { id: 'i', content: { type: 'IFRAME', url: 'http://example.com' } } }] }] }).success).toBe(false);
  });

  it('takes slugs of lower-case letters, digits and hyphens and a translation into another language only', () => {
    expect(pageSlug.safeParse(' Produkt-Seite-2 ').data).toBe('produkt-seite-2');
    for (const bad of ['', 'zwei  worte', 'ä', '-x', 'x-', 'new']) expect(pageSlug.safeParse(bad).success, bad).toBe(false);
    const pageId = '00000000-0000-4000-8000-000000000000';
    expect(ContentPageTranslationCreateInput.safeParse({ pageId, fromLang: 'DE', toLang: 'EN' }).success).toBe(true);
    expect(ContentPageTranslationCreateInput.safeParse({ pageId, fromLang: 'DE', toLang: 'DE' }).success).toBe(false);
  });
});
