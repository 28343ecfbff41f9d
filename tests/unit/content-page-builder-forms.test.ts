import { describe, expect, it } from 'vitest';
import { blockFields, contentFromForm } from '~/components/content-pages/builder/fields';
import { addOp, applyOp, type LayoutOp } from '~/components/content-pages/builder/state';
import { blockDefaults, BLOCKS } from '~/lib/content-pages/blocks';
import { layoutIssues, type PageLayout } from '~/lib/content-pages/layout';

const ok = (layout: PageLayout, op: LayoutOp) => {
  const result = applyOp(layout, op);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(layoutIssues(result.layout)).toEqual([]);
  return result.layout;
};
const shape = (layout: PageLayout): unknown =>
  layout.rows.map((row) => row.columns.map((c) => (c.item ? c.item.content.type : c.rows.length ? shape({ rows: c.rows }) : 'EMPTY')));

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};
let ids = 0;
const nextId = () => `new-${(ids += 1)}`;

describe('content page builder: drops beside a cell (issue 16, spec 000 point 4)', () => {
  it('beside a lone cell wraps it in a nested row with the new cell beside it; beside a cell of a wider row inserts a column', () => {
    let layout = ok({ rows: [] }, { op: 'add', block: 'TEXT', columnId: 'a', itemId: 'ta' });
    layout = ok(layout, addOp('IMAGE', 'a', 'right', 'im'));
    expect(shape(layout)).toEqual([[[['TEXT', 'IMAGE']]]]);
    // the nested row is at level 3, the drop limit: beside its cells only columns are inserted
    const inner = layout.rows[0]!.columns[0]!.rows[0]!.columns[0]!.id;
    layout = ok(layout, addOp('VIDEO', inner, 'left'));
    expect(shape(layout)).toEqual([[[['VIDEO', 'TEXT', 'IMAGE']]]]);
  });

  it('above and below a row insert rows; replace fills the cell', () => {
    let layout = ok({ rows: [] }, { op: 'add', block: 'TEXT', columnId: 'a' });
    layout = ok(layout, addOp('HERO', 'a', 'above'));
    layout = ok(layout, addOp('PDF', 'a', 'below'));
    expect(shape(layout)).toEqual([['HERO'], ['TEXT'], ['PDF']]);
    layout = ok(layout, addOp('AUDIO', 'a', 'replace'));
    expect(shape(layout)).toEqual([['HERO'], ['AUDIO'], ['PDF']]);
    expect(applyOp(layout, addOp('AUDIO', 'nope', 'left'))).toEqual({ ok: false, reason: 'NOT_FOUND' });
  });
});

describe('content page builder: list fields as sub-forms (issue 16)', () => {
  it('lists of entries are sub-forms, the 360 pictures a list of files, no field is raw JSON', () => {
    for (const type of Object.keys(BLOCKS) as (keyof typeof BLOCKS)[]) {
      expect(blockFields(type).filter((field) => field.kind === 'json')).toEqual([]);
    }
    expect(blockFields('FEATURE').find((field) => field.name === 'features')).toMatchObject({
      kind: 'list',
      entry: [{ name: 'text' }, { name: 'icon', kind: 'select' }],
    });
    expect(blockFields('IMAGES360').find((field) => field.name === 'files')?.kind).toBe('files');
  });

  it('numbers out of the design values are selects of those values, read back as numbers', () => {
    expect(blockFields('HORIZONTALDIVIDER').find((field) => field.name === 'dividerWidth')).toMatchObject({ kind: 'select', options: [1, 2, 4, 6, 8] });
    expect(blockFields('CAROUSEL').find((field) => field.name === 'carouselHeight')?.options).toContain(176);
    expect(blockFields('TEXT').find((field) => field.name === 'paddingYaxis')).toMatchObject({ kind: 'select' });
    const content = contentFromForm('HORIZONTALDIVIDER', { ...blockDefaults('HORIZONTALDIVIDER') }, form({ 'content.dividerWidth': '6', 'content.paddingXaxis': '0.5' }));
    expect(content).toMatchObject({ dividerWidth: 6, paddingXaxis: 0.5 });
  });

  it('reads entries in order, drops removed and blank new ones, gives new ones an id and moves one up', () => {
    const current = { ...blockDefaults('ACCORDION') } as Record<string, unknown>;
    const content = contentFromForm(
      'ACCORDION',
      current,
      form({
        'content.accordionItems.__present': '1',
        'content.accordionItems.0.id': 'first',
        'content.accordionItems.0.headline': ' One ',
        'content.accordionItems.0.content': 'Body one',
        'content.accordionItems.1.id': 'second',
        'content.accordionItems.1.headline': 'Two',
        'content.accordionItems.1.content': '',
        'content.accordionItems.1.__remove': 'on',
        'content.accordionItems.2.id': 'third',
        'content.accordionItems.2.headline': 'Three',
        'content.accordionItems.2.content': 'Body three',
        'content.accordionItems.3.headline': 'Four',
        'content.accordionItems.3.content': '',
        'content.accordionItems.4.headline': '',
        'content.accordionItems.4.content': '',
        'content.accordionItems.__move': '2:up',
      }),
      nextId,
    );
    expect(content.accordionItems).toEqual([
      { id: 'third', headline: 'Three', content: 'Body three' },
      { id: 'first', headline: 'One', content: 'Body one' },
      { id: 'new-1', headline: 'Four', content: '' },
    ]);
    expect(content.showExample).toBe(false);
    expect(BLOCKS.ACCORDION.schema.safeParse(content).success).toBe(true);
  });

  it('a list whose entries were all removed is empty; a list not posted stays as it was; 360 file ids one per line', () => {
    const current = { ...blockDefaults('SOCIALMEDIA'), socialLinks: [{ id: 'x', type: 'XING', link: 'https://xing.com/a' }] } as Record<string, unknown>;
    expect(contentFromForm('SOCIALMEDIA', current, form({ 'content.socialLinks.__present': '1' })).socialLinks).toEqual([]);
    expect(contentFromForm('SOCIALMEDIA', current, form({})).socialLinks).toEqual(current.socialLinks);
    const spin = contentFromForm('IMAGES360', { ...blockDefaults('IMAGES360') }, form({ 'content.files': 'a\nb\n\n c ' }));
    expect(spin.files).toEqual(['a', 'b', 'c']);
  });
});
