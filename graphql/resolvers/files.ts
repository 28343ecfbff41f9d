import { GraphQLError, GraphQLScalarType } from 'graphql';
import { fileView, findFile, uploadFile, type FileRecord } from '~/server/services/files/files.server';
import type { File as GqlFile, Resolvers } from '../generated/types';
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

export function toGraphQL(file: FileRecord): GqlFile {
  return fileView(file);
}

export const fileResolvers: Resolvers = {
  Upload,
  Query: {
    file: async (_root, args, ctx) => {
      const file = await findFile(ctx.service, args.id);
      return file ? toGraphQL(file) : null;
    },
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
        return { file: toGraphQL(file) };
      }),
  },
};
