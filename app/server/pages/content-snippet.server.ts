import type { ContentView, ContentViewNode } from '~/components/content/types';
import type { Language } from '~/lib/language';
import { playableVideo } from '~/lib/video';

/**
 * The HTML snippet of a content group for the organisation's own website (/html/{contentslug}): self-contained
 * (inline styles, absolute URLs to our files), no scripts, no event handlers, links only http(s) and mailto:
 * (checked by content-view.server.ts). A video is its picture linking to the video site; an embedded page is a
 * sandboxed https iframe; a slideshow is a list of its pictures.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FONT = 'font-family:system-ui,-apple-system,Segoe UI,Roboto,Helvetica Neue,Arial,sans-serif;';
const IMG = 'display:block;max-width:100%;height:auto;border:0;border-radius:6px;';

function absolute(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

function target(newWindow: boolean): string {
  return newWindow ? ' target="_blank" rel="noopener noreferrer"' : '';
}

function image(node: ContentViewNode, origin: string): string {
  if (!node.fileUrl) return '';
  const img = `<img src="${escapeHtml(absolute(origin, node.fileUrl))}" alt="${escapeHtml(node.name)}" style="${IMG}">`;
  return node.link ? `<a href="${escapeHtml(node.link)}"${target(node.newWindow)}>${img}</a>` : img;
}

function renderNode(node: ContentViewNode, origin: string, labels: SnippetLabels): string {
  switch (node.type) {
    case 'TEXT':
      // what is stored is what is shown; only our own root-relative files become absolute
      return node.value ? `<div style="margin:0 0 16px;line-height:1.5;">${node.value.replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`)}</div>` : '';
    case 'DIVIDER':
      return '<hr style="border:0;border-top:1px solid #d1d5db;margin:16px 0;">';
    case 'COLUMN': {
      const basis = node.size === 3 ? '200px' : '280px';
      const cells = node.children
        .map((child) => `<div style="flex:1 1 ${basis};min-width:0;">${renderNode(child, origin, labels)}</div>`)
        .join('');
      return `<div style="display:flex;flex-wrap:wrap;gap:24px;margin:0 0 16px;">${cells}</div>`;
    }
    case 'LOCALIZED':
      // the view kept one child: the snippet's language, else the other one (marked as such)
      return node.children
        .map((child) =>
          child.language && child.language !== labels.language
            ? `<div lang="${child.language.toLowerCase()}">${renderNode(child, origin, labels)}</div>`
            : renderNode(child, origin, labels),
        )
        .join('');
    case 'BOOKMARK': {
      if (!node.value) return '';
      const title = node.ogTitle || node.name || node.value;
      const description = node.ogDescription ? `<span style="display:block;font-size:14px;color:#374151;">${escapeHtml(node.ogDescription)}</span>` : '';
      const picture = node.ogImage ? `<img src="${escapeHtml(absolute(origin, node.ogImage))}" alt="" style="${IMG}margin:0 0 8px;">` : '';
      return `<a href="${escapeHtml(node.value)}" target="_blank" rel="noopener noreferrer" style="display:block;border:1px solid #e5e7eb;border-radius:6px;padding:16px;margin:0 0 16px;color:#283853;text-decoration:none;">${picture}<strong style="display:block;">${escapeHtml(title)}</strong>${description}</a>`;
    }
    case 'IMAGE':
      return node.fileUrl ? `<div style="margin:0 0 16px;">${image(node, origin)}</div>` : '';
    case 'SLIDESHOW': {
      const items = node.children.filter((c) => c.fileUrl).map((c) => `<li style="margin:0 0 12px;">${image(c, origin)}</li>`);
      return items.length ? `<ul style="list-style:none;margin:0 0 16px;padding:0;">${items.join('')}</ul>` : '';
    }
    case 'PDF':
      return node.fileUrl
        ? `<p style="margin:0 0 16px;"><a href="${escapeHtml(absolute(origin, node.fileUrl))}" target="_blank" rel="noopener noreferrer" style="color:#283853;">${escapeHtml(labels.download(node.name || labels.document))}</a></p>`
        : '';
    case 'IFRAME':
      return node.value
        ? `<iframe src="${escapeHtml(node.value)}" title="${escapeHtml(node.name || labels.embedded)}" sandbox="allow-scripts allow-same-origin allow-popups allow-forms" referrerpolicy="no-referrer" loading="lazy" style="width:100%;aspect-ratio:16/9;border:1px solid #e5e7eb;border-radius:6px;margin:0 0 16px;"></iframe>`
        : '';
    case 'YOUTUBE': {
      const video = node.value ? playableVideo(node.value, node.thumbnailUrl) : null;
      if (!video) return '';
      const title = node.name || labels.video;
      return `<p style="margin:0 0 16px;"><a href="${escapeHtml(video.url)}" target="_blank" rel="noopener noreferrer" title="${escapeHtml(labels.play(title))}"><img src="${escapeHtml(absolute(origin, video.thumbnailUrl))}" alt="${escapeHtml(labels.play(title))}" style="${IMG}width:100%;aspect-ratio:16/9;object-fit:cover;"></a></p>`;
    }
    default:
      return '';
  }
}

/** Texts of the snippet in the organisation's chosen language. */
export interface SnippetLabels {
  /** the snippet's language */
  language: Language;
  document: string;
  embedded: string;
  video: string;
  download: (name: string) => string;
  play: (title: string) => string;
}

/** The snippet's HTML: one `<div>` with everything inline. `origin` is where our files are (PUBLIC_URL or the request's). */
export function contentSnippet(view: ContentView, origin: string, labels: Omit<SnippetLabels, 'language'>): string {
  const body = view.nodes.map((node) => renderNode(node, origin, { ...labels, language: view.language })).join('\n');
  return `<div class="content-group" data-content-group="${escapeHtml(view.slug)}" style="${FONT}color:#111827;max-width:72rem;overflow-wrap:break-word;">\n${body}\n</div>`;
}
