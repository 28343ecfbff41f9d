/** The spec's upload limit (001 point 9): "Uploaded file too large, max 20MB". Shared by server and browser. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** What an upload is for; each purpose narrows the allowed file types. */
export const FILE_PURPOSES = ['IMAGE', 'DOCUMENT', 'MEDIA', 'MODEL'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export function isFilePurpose(value: unknown): value is FilePurpose {
  return typeof value === 'string' && (FILE_PURPOSES as readonly string[]).includes(value);
}

/** `accept` attribute values for file inputs (a hint for the picker only; the server sniffs the bytes). */
export const ACCEPT_BY_PURPOSE: Record<FilePurpose | 'ANY', string> = {
  IMAGE: 'image/jpeg,image/png,image/webp,image/gif',
  DOCUMENT: 'application/pdf',
  MEDIA: 'audio/mpeg,audio/ogg,audio/wav,audio/mp4,audio/webm,video/mp4,video/webm,video/ogg',
  MODEL: '.glb,.gltf,.stl',
  ANY: 'image/jpeg,image/png,image/webp,image/gif,application/pdf,audio/*,video/mp4,video/webm,video/ogg,.glb,.gltf,.stl',
};
