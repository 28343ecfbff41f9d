import type { Language } from '~/lib/language';
import type { ContentObjectTypeName } from '~/lib/schemas/content';

/** Types of content objects (spec 001 point 9): the one list of app/lib/schemas/content.ts (a type only: no zod here). */
export type ContentViewType = ContentObjectTypeName;

/**
 * One object of a content group as visitors get it: plain data the server prepared (links checked, files as our
 * own URLs, the video picture from our storage, LOCALIZED already reduced to one language). Isomorphic: no
 * server code, so the visitor bundle stays small.
 */
export interface ContentViewNode {
  id: string;
  type: ContentViewType;
  name: string;
  /** TEXT: the sanitised HTML as stored; BOOKMARK, IFRAME, YOUTUBE: the link */
  value: string | null;
  /** IMAGE: where a click leads (http(s) or mailto:) */
  link: string | null;
  newWindow: boolean;
  /** our own URL of the object's file (IMAGE, PDF) */
  fileUrl: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  /** only a picture we serve ourselves: pages load nothing from third parties */
  ogImage: string | null;
  /** COLUMN: 2 or 3 */
  size: number | null;
  /** a child of LOCALIZED: its language */
  language: Language | null;
  /** YOUTUBE: the picture we keep of the video (null: the placeholder) */
  thumbnailUrl: string | null;
  children: ContentViewNode[];
}

/** A group ready to render. */
export interface ContentView {
  id: string;
  slug: string;
  name: string;
  language: Language;
  nodes: ContentViewNode[];
}
