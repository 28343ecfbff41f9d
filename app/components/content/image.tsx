import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import type { ContentViewNode } from './types';

const linkTarget = (newWindow: boolean) => (newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {});

/** An IMAGE object (or a slide): our stored picture in the sizes the screen needs, with its link (http(s) or mailto:). */
export function ContentImage({ node, className = '' }: { node: ContentViewNode; className?: string }) {
  const image = (
    <img
      src={node.fileUrl!}
      srcSet={imageSrcSet(node.fileUrl)}
      sizes={IMAGE_SIZES.wide}
      alt={node.name}
      loading="lazy"
      className={`h-auto max-w-full rounded-md ${className}`}
    />
  );
  return node.link ? (
    <a href={node.link} {...linkTarget(node.newWindow)} className="inline-block outline-none ring-brand-pink focus-visible:ring-4" data-content-type="IMAGE">
      {image}
    </a>
  ) : (
    <div data-content-type="IMAGE">{image}</div>
  );
}
