import type { ContentLanguage, ContentObjectTypeName } from '~/lib/schemas/content';

/** One object of the tree as the page shows it. */
export interface BuilderNode {
  id: string;
  type: ContentObjectTypeName;
  name: string;
  value: string | null;
  /** TEXT: its rich text as a reader sees it (no tags, `&amp;` read as `&`), for the list's summary */
  readable: string | null;
  link: string | null;
  openLinkInNewWindow: boolean;
  fileId: string | null;
  fileUrl: string | null;
  fileName: string | null;
  size: number | null;
  language: ContentLanguage | null;
  parentId: string | null;
  /** LOCALIZED: languages without a child yet */
  availableLanguages: ContentLanguage[];
  children: BuilderNode[];
}

/** Every object of the tree, parents before their children. */
export function flatten(nodes: BuilderNode[]): BuilderNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}
