import type { Readable } from 'node:stream';

/** One file of a GraphQL multipart request. */
export interface FileUpload {
  filename: string;
  mimetype: string;
  encoding: string;
  createReadStream(): Readable;
}
