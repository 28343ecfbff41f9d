/**
 * Business-card and contact-QR reader (issue 18), the entry for the lead service (services/leads/card.ts):
 * - readBusinessCard(images): OCR of front (and back) in worker threads -> BusinessCardExtraction
 * - parseBusinessCardText(text): the pure text parser behind it
 * - decodeQrImage(image): the text of a QR code in a picture, or null
 * - parseContactQr(text): vCard 2.1/3.0/4.0 or MECARD -> CONTACT, anything else INCOMPATIBLE
 * Failures of the pictures themselves are CardReadError (UNREADABLE_IMAGE, TIMEOUT, BUSY). OCR and QR decoding share
 * one worker pool (ocr.server.ts): its slots, bounded queue, per-organisation turns and time limits.
 */
export { readBusinessCard, readCardTexts } from './read.server';
export { parseBusinessCardText } from './parse-text';
export { decodeQrImage } from './qr-image.server';
export { parseContactQr } from './contact-qr';
export { CardReadError, configureOcr, ocrOptions, shutdownOcr, type CardReadErrorCode } from './ocr.server';
