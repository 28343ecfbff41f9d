import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import type { PageFile } from './context';

/**
 * How a block's picture loads: `priority` is the page's first picture (at once, high priority; React 18 knows no
 * fetchPriority prop, the lower-case attribute reaches the DOM as it is), `lazy` any other, `eager` one a viewer
 * shows at once (the 360 view's frame, a carousel's first slide).
 */
const LOADING = {
  priority: { fetchpriority: 'high' },
  lazy: { loading: 'lazy', decoding: 'async' },
  eager: {},
} as const;
export type PictureLoading = keyof typeof LOADING;

/** A stored picture across the page's main column: its scaled variants (srcset), its size where known. */
export function BlockPicture({
  file,
  alt = '',
  loading,
  className,
  draggable,
}: {
  file: PageFile;
  alt?: string;
  loading: PictureLoading;
  className: string;
  draggable?: boolean;
}) {
  return (
    <img
      src={file.url}
      srcSet={imageSrcSet(file.url, file.width)}
      sizes={IMAGE_SIZES.wide}
      alt={alt}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      draggable={draggable}
      {...LOADING[loading]}
      className={className}
    />
  );
}
