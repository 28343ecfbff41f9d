import { createContext, useContext, type ReactNode } from 'react';
import type { BlockContent, BlockType } from '~/lib/content-pages/blocks';

/** What the page knows of a file a block refers to (the service loads them with the page, through findFile). */
export interface PageFile {
  id: string;
  url: string;
  filename?: string | null;
  mimeType?: string | null;
  width?: number | null;
  height?: number | null;
}

export interface BlockRenderContext {
  /** `builder`: the builder's canvas (placeholders for empty blocks, examples for untouched new ones) */
  mode: 'public' | 'builder';
  files: Readonly<Record<string, PageFile>>;
  /** the builder's examples for new, untouched blocks (`blockExample` of the registry, with the builder's `t`) */
  example?: (type: BlockType) => BlockContent;
  /**
   * the stored content of the page's first picture (firstPicture in page-view.tsx): loaded at once with high
   * priority, every other picture lazily (Lighthouse's largest contentful paint, npm run bench:visitor)
   */
  priority?: object | null;
}

const Context = createContext<BlockRenderContext>({ mode: 'public', files: {} });

export function BlockRenderProvider({ value, children }: { value: BlockRenderContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useBlockRender = () => useContext(Context);

/** A file of the page by id; a file the page did not describe is still reachable at /files/{id}. */
export function useBlockFile(id: string | null | undefined): PageFile | null {
  const { files } = useBlockRender();
  if (!id) return null;
  return files[id] ?? { id, url: `/files/${id}` };
}
