import { isUuid } from './ids';

/**
 * Responsive pictures of uploaded images. /files/{id}?w=N serves a stored JPEG, PNG or WebP image scaled down
 * to the next of these widths (as WebP where the browser takes it), so a phone fetches a picture the size of its
 * screen instead of the upload. Browser-safe: the visitor pages build their srcset with it.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;

/** One of our stored files, as fileUrl() in files.server.ts writes it: /files/{uuid}. */
const isStoredFile = (url: string) => url.startsWith('/files/') && isUuid(url.slice('/files/'.length));

/**
 * The srcset of an image URL: every allowed width up to the original's (when known), or undefined for anything
 * that is not one of our stored files (YouTube thumbnails, SVG fallbacks), which keep their plain src. The
 * original itself closes the list when it is wider than the largest variant would be.
 */
export function imageSrcSet(url: string | null | undefined, originalWidth?: number | null): string | undefined {
  if (!url || !isStoredFile(url)) return undefined;
  const widths = IMAGE_WIDTHS.filter((w) => !originalWidth || w < originalWidth);
  const entries = widths.map((w) => `${url}?w=${w} ${w}w`);
  if (originalWidth) entries.push(`${url} ${originalWidth}w`);
  return entries.length > 0 ? entries.join(', ') : undefined;
}

/** The organiser's logo on the top bar of a convention and of an in-house fair (CSS pixels; narrower on small phones). */
export const TOP_BAR_LOGO_WIDTH = { convention: 200, exhibition: 160 } as const;

/**
 * The height a picture takes at `width` by its proportions (its pixel size), so its place is kept before it loads;
 * null when its size is unknown (an SVG).
 */
export function heightAtWidth(width: number, picture: { width: number | null; height: number | null }): number | null {
  return picture.width && picture.height ? Math.max(1, Math.round((width * picture.height) / picture.width)) : null;
}

/**
 * `sizes` values for the layouts the visitor pages use (CSS pixels the picture takes on screen). The grids
 * match CARD_GRID: one column on phones, two from 640 px, three from 1024 px, inside a 72 rem (1152 px) page.
 */
export const IMAGE_SIZES = {
  card: '(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw',
  /** a picture across the main column */
  wide: '(min-width: 1200px) 1152px, 100vw',
  /** a 2:1 panorama shown min(60vh, 28rem) high, so twice as wide */
  panorama: '(max-height: 746px) 120vh, 896px',
  /** the programme list's small thumbnails */
  thumb: '112px',
  /** the convention logo (200 px unless the host set another width) */
  logo: (width: number) => `${width}px`,
} as const;
