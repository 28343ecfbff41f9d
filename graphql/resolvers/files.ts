import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { UploadedFile } from '#db/models/index';
import { fileUrl, findFile, uploadFile } from '~/server/services/files/files.server';
import type { ServiceContext } from '~/server/context.server';
import type { Resolvers } from '../generated/types';
import { payload } from '../errors';
import { isFileUpload } from '../multipart';
import type { FileUpload } from '../upload';

const Upload = new GraphQLScalarType({
  name: 'Upload',
  description: 'A file sent with the GraphQL multipart request spec.',
  parseValue: (value) => {
    if (isFileUpload(value)) return Promise.resolve(value);
    throw new GraphQLError('Upload variables must be sent as files of a multipart request.');
  },
  parseLiteral: () => {
    throw new GraphQLError('Upload values cannot be written in the query; send them as multipart files.');
  },
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar.');
  },
});

/** A file reached through a field passes the same access check as /files/{id} (findFile): hidden files are null. */
export async function fileField(ctx: ServiceContext, id: string | null | undefined): Promise<UploadedFile | null> {
  return id ? findFile(ctx, id) : null;
}

export const fileResolvers: Resolvers = {
  Upload,
  File: {
    url: (file) => fileUrl(file),
    created: (file) => file.created_at,
  },
  Query: {
    file: (_root, args, ctx) => fileField(ctx.service, args.id),
  },
  Mutation: {
    uploadFile: (_root, args, ctx) =>
      payload(async () => {
        const upload: FileUpload = await args.file;
        const file = await uploadFile(ctx.service, {
          stream: upload.createReadStream(),
          filename: upload.filename,
          declaredMimeType: upload.mimetype,
          forOrg: args.forOrg,
          purpose: args.purpose,
        });
        return { file };
      }),
  },
};
