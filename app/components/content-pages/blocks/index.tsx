import { Suspense, type ComponentType } from 'react';
import type { BlockContentOf, BlockType } from '~/lib/content-pages/blocks';
import { HeroBlock } from './hero';
import { HorizontaldividerBlock } from './horizontaldivider';
import { ImageBlock } from './image';
import { TextBlock } from './text';

type Renderer<T extends BlockType> = ComponentType<{ content: BlockContentOf<T> }>;
type LazyRenderer<T extends BlockType> = Renderer<T> & { preload: () => Promise<void> };

/**
 * A renderer whose code loads on first use (issue 16: a page of text and pictures ships no code of the other
 * blocks). The server renders it whole (entry.server waits for Suspense), and the browser keeps that HTML until the
 * code has arrived, so pages read without JavaScript and hydrate without flicker. `preload` loads it ahead (the
 * builder, tests); once loaded it renders at once.
 */
function lazyBlock<T extends BlockType>(load: () => Promise<Renderer<T>>): LazyRenderer<T> {
  let Loaded: Renderer<T> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  function Deferred(props: { content: BlockContentOf<T> }) {
    if (!Loaded) throw preload(); // Suspense waits for it
    return <Loaded {...props} />;
  }
  function LazyBlock(props: { content: BlockContentOf<T> }) {
    return (
      <Suspense fallback={null}>
        <Deferred {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyBlock, { preload });
}

const LAZY = {
  ACCORDION: lazyBlock<'ACCORDION'>(() => import('./accordion').then((m) => m.AccordionBlock)),
  AUDIO: lazyBlock<'AUDIO'>(() => import('./audio').then((m) => m.AudioBlock)),
  CADFILE: lazyBlock<'CADFILE'>(() => import('./cadfile').then((m) => m.CadfileBlock)),
  CAROUSEL: lazyBlock<'CAROUSEL'>(() => import('./carousel').then((m) => m.CarouselBlock)),
  CONTACT: lazyBlock<'CONTACT'>(() => import('./contact').then((m) => m.ContactBlock)),
  FEATURE: lazyBlock<'FEATURE'>(() => import('./feature').then((m) => m.FeatureBlock)),
  FILE: lazyBlock<'FILE'>(() => import('./file').then((m) => m.FileBlock)),
  IFRAME: lazyBlock<'IFRAME'>(() => import('./iframe').then((m) => m.IframeBlock)),
  IMAGES360: lazyBlock<'IMAGES360'>(() => import('./images360').then((m) => m.Images360Block)),
  INFOBOX: lazyBlock<'INFOBOX'>(() => import('./infobox').then((m) => m.InfoboxBlock)),
  PDF: lazyBlock<'PDF'>(() => import('./pdf').then((m) => m.PdfBlock)),
  SOCIALMEDIA: lazyBlock<'SOCIALMEDIA'>(() => import('./socialmedia').then((m) => m.SocialmediaBlock)),
  VIDEO: lazyBlock<'VIDEO'>(() => import('./video').then((m) => m.VideoBlock)),
};

/**
 * One renderer per block type, shared by the builder's canvas and the public pages. The type makes a block of
 * the registry (app/lib/content-pages/blocks) without renderer a compile error. Text, picture, hero and divider
 * come with the page; every other block's code loads when a page has such a block (lazyBlock), and the 3D viewer
 * only when the visitor starts it (CadfileBlock).
 */
export const BLOCK_RENDERERS: { [T in BlockType]: Renderer<T> } = {
  ...LAZY,
  HERO: HeroBlock,
  HORIZONTALDIVIDER: HorizontaldividerBlock,
  IMAGE: ImageBlock,
  TEXT: TextBlock,
};

/** Loads the code of every block (the builder, whose palette offers them all; tests that render to a string). */
export function preloadBlocks(): Promise<void> {
  return Promise.all(Object.values(LAZY).map((block) => block.preload())).then(() => undefined);
}
