import { z } from 'zod';
import { accordionBlock } from './accordion';
import { audioBlock } from './audio';
import { cadfileBlock } from './cadfile';
import { carouselBlock } from './carousel';
import type { Translate } from './common';
import { contactBlock } from './contact';
import { featureBlock } from './feature';
import { fileBlock } from './file';
import { heroBlock } from './hero';
import { horizontaldividerBlock } from './horizontaldivider';
import { iframeBlock } from './iframe';
import { imageBlock } from './image';
import { images360Block } from './images360';
import { infoboxBlock } from './infobox';
import { pdfBlock } from './pdf';
import { socialmediaBlock } from './socialmedia';
import { textBlock } from './text';
import { videoBlock } from './video';

/**
 * The registry of content page blocks (issue 16): one file per block in this folder (schema, defaults, example,
 * icon, label), listed here once. The layout schema validates items with `blockSchema`, the builder's palette
 * and forms read `BLOCKS`, the renderers (app/components/content-pages/blocks) are keyed by the same types.
 * Isomorphic and free of React and three.
 */
export const BLOCKS = {
  ACCORDION: accordionBlock,
  AUDIO: audioBlock,
  CADFILE: cadfileBlock,
  CAROUSEL: carouselBlock,
  CONTACT: contactBlock,
  FEATURE: featureBlock,
  FILE: fileBlock,
  HERO: heroBlock,
  HORIZONTALDIVIDER: horizontaldividerBlock,
  IFRAME: iframeBlock,
  IMAGE: imageBlock,
  IMAGES360: images360Block,
  INFOBOX: infoboxBlock,
  PDF: pdfBlock,
  SOCIALMEDIA: socialmediaBlock,
  TEXT: textBlock,
  VIDEO: videoBlock,
} as const;

export type BlockType = keyof typeof BLOCKS;
/** The 17 block types of spec 000 point 3, in the spec's order. */
export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

/** One block's content, validated and with the spec's defaults filled in. */
export const blockSchema = z.discriminatedUnion('type', [
  accordionBlock.schema,
  audioBlock.schema,
  cadfileBlock.schema,
  carouselBlock.schema,
  contactBlock.schema,
  featureBlock.schema,
  fileBlock.schema,
  heroBlock.schema,
  horizontaldividerBlock.schema,
  iframeBlock.schema,
  imageBlock.schema,
  images360Block.schema,
  infoboxBlock.schema,
  pdfBlock.schema,
  socialmediaBlock.schema,
  textBlock.schema,
  videoBlock.schema,
]);
export type BlockContent = z.infer<typeof blockSchema>;
export type BlockContentOf<T extends BlockType> = Extract<BlockContent, { type: T }>;

export const isBlockType = (value: unknown): value is BlockType => typeof value === 'string' && value in BLOCKS;

/** A new block of a type, as the builder adds it. */
export function blockDefaults<T extends BlockType>(type: T): BlockContentOf<T> {
  return BLOCKS[type].defaults() as BlockContentOf<T>;
}

/** The example the builder shows for a new, untouched block. */
export function blockExample<T extends BlockType>(type: T, t: Translate): BlockContentOf<T> {
  return BLOCKS[type].example(t) as BlockContentOf<T>;
}

/** Files a block refers to (to check them, and to load their names and sizes for the page). */
export function blockFileIds(block: BlockContent): string[] {
  switch (block.type) {
    case 'AUDIO':
    case 'FILE':
    case 'IMAGE':
    case 'PDF':
    case 'VIDEO':
      return block.file ? [block.file] : [];
    case 'CADFILE':
      return [block.file, block.backgroundImage].filter((id): id is string => !!id);
    case 'HERO':
      return block.backgroundImage ? [block.backgroundImage] : [];
    case 'CAROUSEL':
      return block.carouselMedia.flatMap((media) => (media.image ? [media.image] : []));
    case 'IMAGES360':
      return block.files;
    default:
      return [];
  }
}

export type { Translate } from './common';
export { images360Issue, images360FrameMs, images360Step, images360FrameAt, IMAGES360_MIN, IMAGES360_CYCLE_MS } from './images360';
export type { Images360File } from './images360';
export { cadFormat, CAD_FORMATS, CAD_VIEWER } from './cadfile';
export type { CadFormat } from './cadfile';
