import fs from 'node:fs';
import path from 'node:path';
import * as lucide from 'lucide-react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { BLOCK_RENDERERS, preloadBlocks } from '~/components/content-pages/blocks';
import { BlockRenderProvider, type BlockRenderContext } from '~/components/content-pages/context';
import { firstPicture, PageView } from '~/components/content-pages/page-view';
import { BLOCK_DEFAULT_VALUES } from '~/lib/content-pages/block-defaults';
import {
  BLOCK_TYPES,
  BLOCKS,
  blockDefaults,
  blockExample,
  blockFileIds,
  blockSchema,
  images360FrameAt,
  images360FrameMs,
  images360Issue,
  images360Step,
  type BlockContent,
  type BlockContentOf,
  type BlockType,
} from '~/lib/content-pages/blocks';
import { BLOCK_TYPE_NAMES, type BlockEnvelope, type PageLayout } from '~/lib/content-pages/layout';
import { boxStyle, FEATURE_ICONS } from '~/lib/content-pages/design';
import { createRequestI18n } from '~/server/i18n.server';
import de from '../../locales/de/pages.json';
import en from '../../locales/en/pages.json';

const FILE = '0b0c4e5e-8a3f-4f5e-9c1a-2d3e4f5a6b7c';
const POSTER = '1c1d5f6f-9b4a-4a6f-8d2b-3e4f5a6b7c8d';
const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const parse = (input: unknown) => blockSchema.safeParse(input);
const with_ = <T extends BlockType>(type: T, fields: Record<string, unknown>) => ({ ...blockDefaults(type), ...fields });
/** The message key a refused value names (custom issues carry it in their params). */
const issueKeys = (input: unknown) => {
  const result = parse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => (issue.code === 'custom' ? (issue.params as { i18n?: string } | undefined)?.i18n : issue.code));
};

describe('the block registry', () => {
  it('has the 17 blocks of the spec, the same list the layout schema knows', () => {
    expect(BLOCK_TYPES).toHaveLength(17);
    expect([...BLOCK_TYPES].sort()).toEqual([...BLOCK_TYPE_NAMES].sort());
    for (const type of BLOCK_TYPES) expect(BLOCKS[type].type).toBe(type);
  });

  it('names a lucide icon and a label in both languages for every block', () => {
    const pages = { de, en } as Record<string, { blocks: Record<string, { label?: string }> }>;
    for (const type of BLOCK_TYPES) {
      expect(lucide, `${type}: icon ${BLOCKS[type].icon}`).toHaveProperty(BLOCKS[type].icon);
      const [, block, key] = BLOCKS[type].labelKey.split('.');
      for (const lang of ['de', 'en']) expect(pages[lang]!.blocks[block!]?.[key as 'label'], `${lang} ${type}`).toBeTruthy();
    }
    for (const icon of FEATURE_ICONS) expect(lucide, icon).toHaveProperty(icon);
  });

  it('keeps the schema files free of React, lucide and three (the service imports them)', () => {
    const dir = path.resolve(__dirname, '../../app/lib/content-pages');
    const files = ['design.ts', 'viewers.ts', 'block-defaults.ts', ...fs.readdirSync(path.join(dir, 'blocks')).map((f) => `blocks/${f}`)];
    for (const file of files) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"](react|react-dom|lucide-react|three|@react-three\/[^'"]+)['"/]/);
    }
  });
});

describe('block schemas', () => {
  it.each(BLOCK_TYPES)('%s: its defaults and its example pass its schema unchanged', (type) => {
    const defaults = BLOCKS[type].defaults();
    expect(parse(defaults)).toEqual({ success: true, data: defaults });
    // the visitor pages' zod-free copy of the defaults
    expect(BLOCK_DEFAULT_VALUES[type]).toEqual(defaults);
    const example = BLOCKS[type].example((key) => `text of ${key}`);
    expect(example.showExample).toBe(true);
    expect(parse(example).success).toBe(true);
  });

  it('fills in the spec defaults from the type alone', () => {
    expect(blockDefaults('TEXT')).toMatchObject({ paddingYaxis: 20, paddingXaxis: 0, html: '' });
    expect(blockDefaults('IMAGE')).toMatchObject({ paddingYaxis: 10, widthPercent: 100, position: 'Center', url: null });
    expect(blockDefaults('IFRAME')).toMatchObject({ paddingXaxis: 4, paddingYaxis: 4 });
    expect(blockDefaults('HORIZONTALDIVIDER')).toMatchObject({ paddingXaxis: 4, paddingYaxis: 10, dividerWidth: 1 });
    expect(blockDefaults('INFOBOX')).toMatchObject({ paddingXaxis: 6, paddingYaxis: 6 });
    expect(blockDefaults('HERO')).toMatchObject({ paddingXaxis: 40, paddingYaxis: 16, heroGap: 24 });
    expect(blockDefaults('CONTACT')).toMatchObject({ paddingXaxis: 12, paddingYaxis: 12 });
    expect(blockDefaults('CAROUSEL')).toMatchObject({ carouselHeight: 96 });
    expect(blockDefaults('PDF')).toMatchObject({ pdfView: 'Embed' });
    expect(blockDefaults('TEXT').border).toEqual({ width: 1, radius: 'none', style: 'solid', color: '#000000' });
    expect(parse({ type: 'FEATURE', features: [{ id: 'a', text: 'x' }] })).toMatchObject({
      success: true,
      data: { features: [{ icon: 'Rocket' }] },
    });
  });

  it('embeds https pages only', () => {
    expect(parse(with_('IFRAME', { url: 'https://example.com/map' })).success).toBe(true);
    expect(issueKeys(with_('IFRAME', { url: 'http://example.com/map' }))).toEqual(['httpsUrl']);
    expect(parse(with_('IFRAME', { url: 'javascript:alert(1)' })).success).toBe(false);
    expect(parse(with_('IFRAME', { url: 'https://user:pw@example.com/' })).success).toBe(false);
  });

  it('takes videos of recognised sites only', () => {
    expect(parse(with_('VIDEO', { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' })).success).toBe(true);
    expect(parse(with_('VIDEO', { url: 'https://vimeo.com/76979871' })).success).toBe(true);
    expect(issueKeys(with_('VIDEO', { url: 'https://videos.example.com/watch?v=1' }))).toEqual(['videoUrl']);
    const slide = { id: 's1', image: null, videoUrl: 'https://dailymotion.com/video/x1', text: '' };
    expect(issueKeys(with_('CAROUSEL', { carouselMedia: [slide] }))).toEqual(['videoUrl']);
  });

  it('refuses a 360 view of fewer than 70 pictures (none yet is a new block)', () => {
    expect(issueKeys(with_('IMAGES360', { files: ids(69) }))).toEqual(['images360Count']);
    expect(parse(with_('IMAGES360', { files: ids(70) })).success).toBe(true);
    expect(parse(with_('IMAGES360', { files: [] })).success).toBe(true);
    expect(parse(with_('IMAGES360', { files: [...ids(69), 'not-a-file-id'] })).success).toBe(false);
  });

  it('refuses values outside the design values and unknown types', () => {
    expect(issueKeys(with_('CAROUSEL', { carouselHeight: 100 }))).toEqual(['invalidOption']);
    expect(issueKeys(with_('HORIZONTALDIVIDER', { dividerWidth: 3 }))).toEqual(['invalidOption']);
    expect(issueKeys(with_('TEXT', { paddingYaxis: 9 }))).toEqual(['invalidOption']);
    expect(parse(with_('TEXT', { textColor: 'red' })).success).toBe(false);
    expect(parse(with_('IMAGE', { widthPercent: 30 })).success).toBe(false);
    expect(parse(with_('PDF', { pdfView: 'Inline' })).success).toBe(false);
    expect(parse(with_('SOCIALMEDIA', { socialLinks: [{ id: 'x', type: 'MYSPACE', link: 'https://example.com' }] })).success).toBe(false);
    expect(parse(with_('FEATURE', { features: [{ id: 'x', text: 'a', icon: 'Skull' }] })).success).toBe(false);
    expect(parse(with_('CONTACT', { contact: { email: 'not an address' } })).success).toBe(false);
    expect(parse({ type: 'MARQUEE' }).success).toBe(false);
    expect(parse(with_('IMAGE', { file: 'abc' })).success).toBe(false);
  });

  it('saves an e-mail address as image link with mailto: and refuses other schemes', () => {
    expect(parse(with_('IMAGE', { url: 'info@example.com' }))).toMatchObject({ success: true, data: { url: 'mailto:info@example.com' } });
    expect(parse(with_('IMAGE', { url: 'javascript:alert(1)' })).success).toBe(false);
    expect(parse(with_('HERO', { url: 'data:text/html,x' })).success).toBe(false);
  });

  it('lists the files a block refers to', () => {
    expect(blockFileIds(with_('CADFILE', { file: FILE, backgroundImage: POSTER }) as BlockContent)).toEqual([FILE, POSTER]);
    expect(blockFileIds(with_('TEXT', { html: '<p>x</p>' }) as BlockContent)).toEqual([]);
    expect(blockFileIds(with_('IMAGES360', { files: ids(70) }) as BlockContent)).toHaveLength(70);
  });
});

describe('the 360 view', () => {
  it('needs 70 pictures of the same height', () => {
    const pictures = ids(72).map((id) => ({ id, width: 800, height: 600 }));
    expect(images360Issue(pictures)).toBeNull();
    expect(images360Issue(pictures.slice(0, 69))).toMatchObject({ kind: 'TOO_FEW', values: { min: 70 } });
    const uneven = pictures.map((p, i) => (i === 40 ? { ...p, height: 601 } : p));
    expect(images360Issue(uneven)).toMatchObject({ kind: 'UNEQUAL_HEIGHT', fileId: pictures[40]!.id, values: { height: 600, other: 601 } });
    const pdf = pictures.map((p, i) => (i === 3 ? { ...p, width: null, height: null } : p));
    expect(images360Issue(pdf)).toMatchObject({ kind: 'NOT_AN_IMAGE', fileId: pictures[3]!.id });
  });

  it('splits the 5,000 ms cycle evenly and wraps at both ends', () => {
    expect(images360FrameMs(100)).toBe(50);
    expect(images360FrameMs(72) * 72).toBeCloseTo(5000);
    expect(images360Step(71, 1, 72)).toBe(0);
    expect(images360Step(0, -1, 72)).toBe(71);
    expect(images360Step(5, -80, 72)).toBe(69);
    expect(images360FrameAt(0, 49, 100)).toBe(0);
    expect(images360FrameAt(0, 50, 100)).toBe(1);
    expect(images360FrameAt(0, 5000, 100)).toBe(0);
    expect(images360FrameAt(90, 1000, 100)).toBe(10);
  });
});

describe('block renderers', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createRequestI18n('DE');
    // blocks other than text, picture, hero and divider load their code on first use (Suspense): loaded ahead,
    // they render to a string at once
    await preloadBlocks();
  });
  const render = (element: ReactElement, context: BlockRenderContext = { mode: 'public', files: {} }) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <BlockRenderProvider value={context}>{element}</BlockRenderProvider>
      </I18nextProvider>
    );
  const renderBlock = <T extends BlockType>(content: BlockContentOf<T>, context?: BlockRenderContext) => {
    const Renderer = BLOCK_RENDERERS[content.type as T] as (props: { content: BlockContentOf<T> }) => ReactElement;
    return render(<Renderer content={content} />, context);
  };
  const builder: BlockRenderContext = { mode: 'builder', files: {} };

  it.each(BLOCK_TYPES)('%s renders its defaults and its example without a script', (type) => {
    for (const context of [undefined, builder]) {
      const html = renderBlock(blockDefaults(type), context);
      expect(html).not.toMatch(/<script/i);
      if (context) expect(html).toContain(`data-block="${type}"`);
    }
    const example = renderBlock(
      BLOCKS[type].example((key) => i18n.t(key)),
      builder
    );
    expect(example).not.toMatch(/<script/i);
    expect(example).toContain(`data-block="${type}"`);
  });

  it('shows nothing on the public page for a block without content, a placeholder in the builder', () => {
    expect(renderBlock(blockDefaults('IMAGE'))).toBe('');
    expect(renderBlock(blockDefaults('IMAGE'), builder)).toContain('Bild: noch kein Inhalt gewählt');
  });

  it('sandboxes embedded pages and never puts an http page into one', () => {
    const html = renderBlock(with_('IFRAME', { url: 'https://example.com/map' }) as BlockContentOf<'IFRAME'>);
    expect(html).toMatch(/<iframe[^>]+sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"/);
    expect(html).toContain('referrerPolicy="no-referrer"');
    expect(renderBlock({ ...blockDefaults('IFRAME'), url: 'http://example.com/' })).not.toContain('<iframe');
  });

  it('shows a video as its picture with a link first, no embed before a click', () => {
    const html = renderBlock(
      with_('VIDEO', { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', file: POSTER }) as BlockContentOf<'VIDEO'>
    );
    expect(html).toContain('data-video-thumbnail');
    expect(html).toContain(`/files/${POSTER}`);
    expect(html).not.toContain('<iframe');
  });

  it('embeds, opens or downloads a PDF by its link open mode', () => {
    const files = { [FILE]: { id: FILE, url: `/files/${FILE}`, filename: 'brochure.pdf', mimeType: 'application/pdf' } };
    const pdf = (pdfView: string) => renderBlock(with_('PDF', { file: FILE, pdfView }) as BlockContentOf<'PDF'>, { mode: 'public', files });
    expect(pdf('Embed')).toMatch(new RegExp(`<iframe[^>]+src="/files/${FILE}"`));
    expect(pdf('TargetBlank')).toMatch(/target="_blank" rel="noopener noreferrer"/);
    expect(pdf('TargetBlank')).not.toContain('<iframe');
    expect(pdf('Download')).toContain('download="brochure.pdf"');
  });

  it('shows a 3D model as its poster with a start link, without loading the viewer', () => {
    const files = {
      [FILE]: { id: FILE, url: `/files/${FILE}`, filename: 'pump.glb' },
      [POSTER]: { id: POSTER, url: `/files/${POSTER}`, width: 1280, height: 720 },
    };
    const html = renderBlock(with_('CADFILE', { file: FILE, backgroundImage: POSTER, text: 'Pumpe' }) as BlockContentOf<'CADFILE'>, {
      mode: 'public',
      files,
    });
    expect(html).toContain('data-cad-poster');
    expect(html).toContain('aria-label="3D-Modell ansehen: Pumpe"');
    expect(html).toContain(`/files/${POSTER}`);
    expect(html).not.toContain('data-cad-viewer');
    expect(html).not.toContain('<canvas');
  });

  it('shows the first picture of a 360 view as a slider over all of them', () => {
    const html = renderBlock(with_('IMAGES360', { files: ids(72), text: 'Stuhl' }) as BlockContentOf<'IMAGES360'>);
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-valuemax="72"');
    expect(html).toContain('aria-valuetext="Bild 1 von 72"');
    expect(html).toContain(`/files/${ids(1)[0]}`);
    for (const label of ['Vorheriges Bild', 'Drehung starten', 'Nächstes Bild']) expect(html).toContain(`aria-label="${label}"`);
  });

  it('renders accordion entries as native details and social links in a new tab', () => {
    const accordion = renderBlock(
      with_('ACCORDION', { accordionItems: [{ id: 'a', headline: 'Frage', content: 'Antwort' }] }) as BlockContentOf<'ACCORDION'>
    );
    expect(accordion).toMatch(/<details[^>]*>.*<summary[^>]*>.*Frage.*<\/summary>.*Antwort.*<\/details>/s);
    const social = renderBlock(
      with_('SOCIALMEDIA', {
        socialLinks: [{ id: 'l', type: 'LINKEDIN', link: 'https://www.linkedin.com/company/x' }],
      }) as BlockContentOf<'SOCIALMEDIA'>
    );
    // named in full by hidden text; the short mark is hidden from screen readers
    expect(social).toContain('<span class="sr-only">LinkedIn (öffnet in neuem Tab)</span>');
    expect(social).toContain('<span aria-hidden="true">in</span>');
    expect(social).toContain('rel="noopener noreferrer"');
  });

  it('lays out rows, relative column widths and nested rows, and shows examples only in the builder', () => {
    const layout: PageLayout = {
      rows: [
        {
          id: 'r1',
          type: 'ROW',
          columns: [
            { id: 'c1', type: 'COL', width: 'N2', item: { id: 'i1', sort: 0, content: { type: 'TEXT', html: '<p>Links</p>' } }, rows: [] },
            {
              id: 'c2',
              type: 'COL',
              width: 'N4',
              item: null,
              rows: [
                {
                  id: 'r2',
                  type: 'ROW',
                  columns: [
                    {
                      id: 'c3',
                      type: 'COL',
                      width: 'N8',
                      item: { id: 'i2', sort: 0, content: { type: 'HERO', showExample: true } },
                      rows: [],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const pub = render(<PageView layout={layout} />);
    expect(pub).toContain('<p>Links</p>');
    expect(pub).toContain('--column-weight:2');
    expect(pub).toContain('--column-weight:4');
    expect(pub).toMatch(/data-layout-column="c2".*data-layout-row="r2"/s);
    expect(pub).not.toContain('Willkommen an unserem Stand');
    const example = (type: BlockType) => blockExample(type, (key) => i18n.t(key));
    expect(render(<PageView layout={layout} mode="builder" example={example} />)).toContain('Willkommen an unserem Stand');
    const one = (content: object): PageLayout => ({
      rows: [
        {
          id: 'r',
          type: 'ROW',
          columns: [{ id: 'c', type: 'COL', width: 'N8', item: { id: 'i', sort: 0, content: content as unknown as BlockEnvelope }, rows: [] }], // deliberately outside the registry's blocks
        },
      ],
    });
    // a stored http iframe (saved before the rule) is left out; an unknown type is a notice in the builder only
    expect(render(<PageView layout={one({ type: 'IFRAME', url: 'http://x.example' })} />)).not.toContain('x.example');
    expect(render(<PageView layout={one({ type: 'MARQUEE' })} />)).not.toContain('data-block');
    expect(render(<PageView layout={one({ type: 'MARQUEE' })} mode="builder" />)).toContain('data-block-invalid');
  });

  it('loads the page\'s first picture at once with high priority and every later one lazily (Lighthouse LCP)', () => {
    const item = (id: string, content: object) => ({ id: `c-${id}`, type: 'COL' as const, width: 'N8' as const, item: { id, sort: 0, content: content as BlockEnvelope }, rows: [] });
    const image = (file: string, text: string) => with_('IMAGE', { file, text });
    const layout: PageLayout = {
      rows: [
        { id: 'r1', type: 'ROW', columns: [item('t', { type: 'TEXT', html: '<p>Oben</p>' }), item('e', with_('IMAGE', { text: 'ohne Datei' }))] },
        {
          id: 'r2',
          type: 'ROW',
          columns: [{ id: 'c-n', type: 'COL', width: 'N8', item: null, rows: [{ id: 'r3', type: 'ROW', columns: [item('a', image(FILE, 'Erstes'))] }] }],
        },
        { id: 'r4', type: 'ROW', columns: [item('b', image(POSTER, 'Zweites'))] },
      ],
    };
    expect(firstPicture(layout)).toBe(layout.rows[1]!.columns[0]!.rows[0]!.columns[0]!.item!.content);
    const files = {
      [FILE]: { id: FILE, url: `/files/${FILE}`, width: 1600, height: 900 },
      [POSTER]: { id: POSTER, url: `/files/${POSTER}`, width: 800, height: 600 },
    };
    const tags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    const [first, second] = tags(render(<PageView layout={layout} files={files} />));
    expect(first).toContain('alt="Erstes"');
    expect(first).toContain('fetchpriority="high"');
    expect(first).not.toContain('loading=');
    expect(first).toContain('width="1600"');
    expect(first).toContain('height="900"');
    expect(second).toContain('alt="Zweites"');
    expect(second).toContain('loading="lazy"');
    expect(second).not.toContain('fetchpriority');
    // a hero's background at the top is the first picture; the image after it is lazy
    const hero = with_('HERO', { headline: { text: 'Willkommen', color: '#000000', position: 'LEFT' }, backgroundImage: FILE });
    const withHero: PageLayout = { rows: [{ id: 'h', type: 'ROW', columns: [item('h', hero)] }, ...layout.rows] };
    const [background, picture] = tags(render(<PageView layout={withHero} files={files} />));
    expect(background).toContain('fetchpriority="high"');
    expect(picture).toContain('loading="lazy"');
    // the builder's canvas and a page without pictures: nothing with priority
    expect(render(<PageView layout={layout} files={files} mode="builder" />)).not.toContain('fetchpriority');
    expect(firstPicture({ rows: [layout.rows[0]!] })).toBeNull();
  });

  it('completes blocks stored with fewer fields from their defaults', () => {
    const html = render(
      <PageView
        layout={{
          rows: [
            {
              id: 'r',
              type: 'ROW',
              columns: [
                { id: 'a', type: 'COL', width: 'N4', item: { id: 'i1', sort: 0, content: { type: 'TEXT', html: '<p>Alt</p>' } }, rows: [] },
                {
                  id: 'b',
                  type: 'COL',
                  width: 'N4',
                  item: { id: 'i2', sort: 1, content: { type: 'IMAGE', file: FILE, hasBorder: true, border: { radius: 'lg' } } },
                  rows: [],
                },
              ],
            },
          ],
        }}
      />
    );
    expect(html).toContain('<p>Alt</p>');
    expect(html).toContain('padding-block:5rem');
    expect(html).toMatch(/class="block h-auto w-full rounded-lg"/);
    expect(html).toContain('border-color:#000000');
  });

  it('keeps wide paddings inside a phone screen and applies borders only when switched on', () => {
    const hero = boxStyle(blockDefaults('HERO'));
    expect(hero.style.paddingInline).toBe('min(10rem, 8vw)');
    expect(hero.style.borderWidth).toBeUndefined();
    const bordered = boxStyle({ ...blockDefaults('TEXT'), hasBorder: true });
    expect(bordered.style).toMatchObject({
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: '#000000',
      marginInline: 'min(0.125rem, 8vw)',
      marginBlock: '0.125rem',
    });
  });
});
