import { fileTypeFromBuffer } from 'file-type';
import type { FilePurpose } from '~/lib/file-limits';

export type FileCategory = 'image' | 'document' | 'audio' | 'video' | 'model';

/**
 * The allow-list, by the type sniffed from the bytes. SVG is left out on purpose: it can carry scripts and
 * would be served from our own origin. Browser recordings (webm/ogg) may be audio in a video container.
 */
const ALLOWED: Record<string, { category: FileCategory; ext: string }> = {
  'image/jpeg': { category: 'image', ext: 'jpg' },
  'image/png': { category: 'image', ext: 'png' },
  'image/webp': { category: 'image', ext: 'webp' },
  'image/gif': { category: 'image', ext: 'gif' },
  'application/pdf': { category: 'document', ext: 'pdf' },
  'audio/mpeg': { category: 'audio', ext: 'mp3' },
  'audio/ogg': { category: 'audio', ext: 'ogg' },
  'audio/wav': { category: 'audio', ext: 'wav' },
  'audio/mp4': { category: 'audio', ext: 'm4a' },
  'audio/x-m4a': { category: 'audio', ext: 'm4a' },
  'video/mp4': { category: 'video', ext: 'mp4' },
  'video/webm': { category: 'video', ext: 'webm' },
  'video/ogg': { category: 'video', ext: 'ogv' },
  'model/gltf-binary': { category: 'model', ext: 'glb' },
  'model/gltf+json': { category: 'model', ext: 'gltf' },
  'model/stl': { category: 'model', ext: 'stl' },
};

const CATEGORIES_BY_PURPOSE: Record<FilePurpose, FileCategory[]> = {
  IMAGE: ['image'],
  DOCUMENT: ['document'],
  MEDIA: ['audio', 'video'],
  MODEL: ['model'],
};

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 64 * 1024;

export interface SniffedType {
  mimeType: string;
  ext: string;
  category: FileCategory;
  /**
   * Only decidable with the whole file: an STL without ASCII facets must be binary STL, whose size is
   * 84 + 50 × triangle count.
   */
  needsBinaryStlCheck: boolean;
}

const GLTF_JSON = /^\s*\{[\s\S]*"asset"\s*:\s*\{/;
const ASCII_STL = /^\s*solid\b[^\n]*\r?\n\s*(facet\s+normal|endsolid)\b/;

/** The file's type from its first bytes (not its name), or null when it is not on the allow-list. */
export async function sniffFileType(head: Buffer, purpose?: FilePurpose): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(head);
  let mimeType: string | null = detected ? detected.mime.split(';')[0].trim() : null;
  let needsBinaryStlCheck = false;

  if (mimeType === 'model/stl') {
    // file-type only sees the "solid " prefix, which binary STL headers often start with too.
    needsBinaryStlCheck = !ASCII_STL.test(head.toString('latin1'));
  } else if (!mimeType) {
    const text = head.toString('utf8').replace(/^\uFEFF/, '');
    if (GLTF_JSON.test(text)) mimeType = 'model/gltf+json';
    else if (ASCII_STL.test(text)) mimeType = 'model/stl';
    else if (head.length >= 84) {
      mimeType = 'model/stl';
      needsBinaryStlCheck = true;
    }
  }

  const allowed = mimeType ? ALLOWED[mimeType] : undefined;
  if (!mimeType || !allowed) return null;
  if (purpose && !CATEGORIES_BY_PURPOSE[purpose].includes(allowed.category)) return null;
  return { mimeType, ext: allowed.ext, category: allowed.category, needsBinaryStlCheck };
}

/** Binary STL: 80-byte header, uint32 triangle count, 50 bytes per triangle. */
export function isBinaryStl(head: Buffer, totalSize: number): boolean {
  if (head.length < 84) return false;
  return totalSize === 84 + 50 * head.readUInt32LE(80);
}

/** Images, PDFs, audio and video open in the browser; everything else downloads. */
export function isInlineType(mimeType: string): boolean {
  return /^(image|video|audio)\//.test(mimeType) || mimeType === 'application/pdf';
}
