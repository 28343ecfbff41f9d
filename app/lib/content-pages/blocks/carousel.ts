import { CAROUSEL_HEIGHTS, DEFAULT_CAROUSEL_HEIGHT } from '../design';
import { defineBlock, entries, fileId, line, oneOf, videoUrl } from './common';

export const CAROUSEL_MEDIA_MAX = 30;

/** One slide: a picture or a video (a recognised video site), with an optional caption. */
const carouselMedia = {
  image: fileId.nullable().default(null),
  videoUrl: videoUrl.nullable().default(null),
  text: line,
};

/** Slides of pictures and videos, one at a time, in one of the spec's heights. */
export const carouselBlock = defineBlock({
  type: 'CAROUSEL',
  icon: 'GalleryHorizontal',
  fields: {
    carouselMedia: entries(carouselMedia, CAROUSEL_MEDIA_MAX),
    carouselHeight: oneOf(CAROUSEL_HEIGHTS).default(DEFAULT_CAROUSEL_HEIGHT),
  },
  example: (t) => ({
    carouselMedia: [1, 2, 3].map((n) => ({
      id: `example-${n}`,
      image: null,
      videoUrl: null,
      text: t(`pages:blocks.carousel.exampleCaption${n}`),
    })),
  }),
});
