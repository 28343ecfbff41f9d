import { z } from 'zod';
import { CAROUSEL_HEIGHTS, DEFAULT_CAROUSEL_HEIGHT } from '../design';
import { boxFields, defineBlock, entryId, fileId, line, oneOf, videoUrl } from './common';

export const CAROUSEL_MEDIA_MAX = 30;

/** One slide: a picture or a video (a recognised video site), with an optional caption. */
const carouselMedia = z.object({
  id: entryId,
  image: fileId.nullable().default(null),
  videoUrl: videoUrl.nullable().default(null),
  text: line,
});

/** Slides of pictures and videos, one at a time, in one of the spec's heights. */
export const carouselBlock = defineBlock({
  type: 'CAROUSEL',
  icon: 'GalleryHorizontal',
  schema: z.object({
    type: z.literal('CAROUSEL'),
    ...boxFields(),
    carouselMedia: z.array(carouselMedia).max(CAROUSEL_MEDIA_MAX).default([]),
    carouselHeight: oneOf(CAROUSEL_HEIGHTS).default(DEFAULT_CAROUSEL_HEIGHT),
  }),
  example: (t) => ({
    carouselMedia: [1, 2, 3].map((n) => ({
      id: `example-${n}`,
      image: null,
      videoUrl: null,
      text: t(`pages:blocks.carousel.exampleCaption${n}`),
    })),
  }),
});
