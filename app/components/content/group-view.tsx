import { useTranslation } from 'react-i18next';
import type { Language } from '~/lib/language';
import { VideoPlayer } from '~/components/visitor/video-player';
import { ContentImage } from './image';
import { PdfView } from './pdf';
import { Slideshow } from './slideshow';
import type { ContentView, ContentViewNode } from './types';

/**
 * A content group as visitors see it (spec 000 point 3, issue 15): every object type, mobile first (one column
 * on phones; columns side by side from 640 px). The data comes prepared by the server (content-view.server.ts):
 * links checked, files as our own URLs, the video picture from our storage. Nothing here loads anything from a
 * third party before the visitor asks for it (a video starts on click; an embedded page is sandboxed).
 */
export function ContentGroupView({ view, headingLevel = 'h1' }: { view: ContentView; headingLevel?: 'h1' | 'h2' | 'none' }) {
  const Heading = headingLevel === 'none' ? null : headingLevel;
  return (
    <article className="min-w-0 space-y-6 break-words" data-content-group={view.slug}>
      {Heading ? <Heading className="text-2xl font-semibold text-brand-dark">{view.name}</Heading> : null}
      <ContentNodes nodes={view.nodes} language={view.language} />
    </article>
  );
}

export function ContentNodes({ nodes, language }: { nodes: ContentViewNode[]; language: Language }) {
  return (
    <>
      {nodes.map((node) => (
        <ContentNodeView key={node.id} node={node} language={language} />
      ))}
    </>
  );
}

/** The child of the visitor's language, else the other one. */
export function localizedChild(node: ContentViewNode, language: Language): ContentViewNode | undefined {
  return node.children.find((c) => c.language === language) ?? node.children[0];
}

/** Rich text as stored: sanitised on the server when it was saved (what is stored is what is shown). */
const TEXT_STYLES =
  'min-w-0 text-base leading-relaxed text-gray-900 [&_a]:text-brand-dark [&_a]:underline [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_table]:block [&_table]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-6';

function ContentNodeView({ node, language }: { node: ContentViewNode; language: Language }) {
  const { t } = useTranslation('contentview');
  switch (node.type) {
    case 'TEXT':
      return node.value ? <div className={TEXT_STYLES} data-content-type="TEXT" dangerouslySetInnerHTML={{ __html: node.value }} /> : null;
    case 'DIVIDER':
      return <hr className="border-gray-300" data-content-type="DIVIDER" />;
    case 'COLUMN':
      return (
        <div
          className={`grid min-w-0 grid-cols-1 gap-6 ${node.size === 3 ? 'md:grid-cols-3' : 'sm:grid-cols-2'}`}
          data-content-type="COLUMN"
        >
          {node.children.map((child) => (
            <div key={child.id} className="min-w-0 space-y-4">
              <ContentNodeView node={child} language={language} />
            </div>
          ))}
        </div>
      );
    case 'LOCALIZED': {
      const child = localizedChild(node, language);
      if (!child) return null;
      // the other language's version, marked as such for screen readers and hyphenation
      return child.language && child.language !== language ? (
        <div lang={child.language.toLowerCase()}>
          <ContentNodeView node={child} language={language} />
        </div>
      ) : (
        <ContentNodeView node={child} language={language} />
      );
    }
    case 'BOOKMARK':
      return node.value ? <BookmarkCard node={node} /> : null;
    case 'IMAGE':
      return node.fileUrl ? <ContentImage node={node} /> : null;
    case 'SLIDESHOW':
      return <Slideshow node={node} />;
    case 'PDF':
      return node.fileUrl ? <PdfView node={node} /> : null;
    case 'IFRAME':
      return node.value ? (
        <div className="space-y-1" data-content-type="IFRAME">
          <iframe
            src={node.value}
            title={node.name || t('iframe.title')}
            sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
            referrerPolicy="no-referrer"
            loading="lazy"
            className="aspect-video w-full rounded-md border"
          />
          <a href={node.value} target="_blank" rel="noopener noreferrer" className="text-sm text-brand-dark underline underline-offset-2">
            {t('iframe.open')}
          </a>
        </div>
      ) : null;
    case 'YOUTUBE':
      return node.value ? (
        <div data-content-type="YOUTUBE">
          <VideoPlayer url={node.value} title={node.name || t('video.title')} thumbnailUrl={node.thumbnailUrl} />
        </div>
      ) : null;
    default:
      return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function BookmarkCard({ node }: { node: ContentViewNode }) {
  const href = node.value!;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="flex min-w-0 flex-col overflow-hidden rounded-md border bg-white shadow-sm outline-none ring-brand-pink hover:shadow-md focus-visible:ring-4 sm:flex-row"
      data-content-type="BOOKMARK"
    >
      {node.ogImage ? (
        <img src={node.ogImage} alt="" loading="lazy" className="aspect-video w-full object-cover sm:aspect-auto sm:w-48" />
      ) : null}
      <span className="flex min-w-0 flex-col gap-1 p-4">
        <span className="font-semibold text-brand-dark">{node.ogTitle || node.name || hostOf(href)}</span>
        {node.ogDescription ? <span className="text-sm text-gray-700">{node.ogDescription}</span> : null}
        <span className="truncate text-xs text-gray-600">{hostOf(href)}</span>
      </span>
    </a>
  );
}
