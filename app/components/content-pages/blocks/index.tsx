import type { ComponentType } from 'react';
import type { BlockContentOf, BlockType } from '~/lib/content-pages/blocks';
import { AccordionBlock } from './accordion';
import { AudioBlock } from './audio';
import { CadfileBlock } from './cadfile';
import { CarouselBlock } from './carousel';
import { ContactBlock } from './contact';
import { FeatureBlock } from './feature';
import { FileBlock } from './file';
import { HeroBlock } from './hero';
import { HorizontaldividerBlock } from './horizontaldivider';
import { IframeBlock } from './iframe';
import { ImageBlock } from './image';
import { Images360Block } from './images360';
import { InfoboxBlock } from './infobox';
import { PdfBlock } from './pdf';
import { SocialmediaBlock } from './socialmedia';
import { TextBlock } from './text';
import { VideoBlock } from './video';

/**
 * One renderer per block type, shared by the builder's canvas and the public pages. The type makes a block of
 * the registry (app/lib/content-pages/blocks) without renderer a compile error. The 3D viewer is the one part
 * loaded on demand (CadfileBlock imports it lazily).
 */
export const BLOCK_RENDERERS: { [T in BlockType]: ComponentType<{ content: BlockContentOf<T> }> } = {
  ACCORDION: AccordionBlock,
  AUDIO: AudioBlock,
  CADFILE: CadfileBlock,
  CAROUSEL: CarouselBlock,
  CONTACT: ContactBlock,
  FEATURE: FeatureBlock,
  FILE: FileBlock,
  HERO: HeroBlock,
  HORIZONTALDIVIDER: HorizontaldividerBlock,
  IFRAME: IframeBlock,
  IMAGE: ImageBlock,
  IMAGES360: Images360Block,
  INFOBOX: InfoboxBlock,
  PDF: PdfBlock,
  SOCIALMEDIA: SocialmediaBlock,
  TEXT: TextBlock,
  VIDEO: VideoBlock,
};
