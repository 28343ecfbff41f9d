/**
 * readBusinessCard (issue 18): the photos of a card's front (and back) -> BusinessCardExtraction. Each picture is
 * prepared and read by the OCR pool (ocr.server.ts, worker threads), the texts are joined front first and parsed
 * by parseBusinessCardText; a field the front leaves empty may come from the back.
 */
import type { BusinessCardExtraction } from '~/lib/leads/card';
import { CardReadError, prepareCardImage, recognizeText } from './ocr.server';
import { parseBusinessCardText } from './parse-text';

/** The OCR text of each picture, in order (front, back); '' for a picture with nothing to read. */
export async function readCardTexts(images: Buffer[], owner = ''): Promise<string[]> {
  const pictures = images.filter((b) => b && b.length > 0).slice(0, 2);
  if (pictures.length === 0) throw new CardReadError('UNREADABLE_IMAGE', 'No picture given');
  const prepared = await Promise.all(pictures.map((b) => prepareCardImage(b)));
  return Promise.all(prepared.map((p) => (p ? recognizeText(p, owner) : '')));
}

/** `owner` is the organisation whose turn in the pool's queue the pictures take. */
export async function readBusinessCard(images: Buffer[], owner = ''): Promise<BusinessCardExtraction> {
  const texts = await readCardTexts(images, owner);
  const front = parseBusinessCardText(texts[0] ?? '');
  if (texts.length < 2) return front;
  // the back often repeats the front in another language or adds the address: fill the gaps only
  const both = parseBusinessCardText(texts.join('\n'));
  const out = { ...front };
  for (const key of Object.keys(out) as Array<keyof BusinessCardExtraction>) {
    if (!out[key]) out[key] = both[key];
  }
  if (!front.street && !front.plz && (both.street || both.plz)) {
    // an address is one unit: take all its parts from the same place
    for (const key of ['address', 'street', 'hno', 'plz', 'city', 'country'] as const) out[key] = both[key];
  }
  return out;
}
