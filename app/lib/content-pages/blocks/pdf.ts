import { z } from 'zod';
import { LINK_OPEN_MODES } from '../design';
import { defineBlock, line, optionalFile } from './common';

/** A PDF: embedded in the page, opened in a new tab, or downloaded (the link open mode). */
export const pdfBlock = defineBlock({
  type: 'PDF',
  icon: 'FileText',
  fields: {
    file: optionalFile,
    pdfView: z.enum(LINK_OPEN_MODES).default('Embed'),
    /** the link's label (new tab, download) and the embed's title; empty: the file's name */
    text: line,
  },
  example: (t) => ({ text: t('pages:blocks.pdf.exampleLabel') }),
});
