import { deleteIcon, iconUrl, listIcons, uploadIcon } from '~/server/services/content/icons';
import { fileById } from '~/server/services/files/files.server';
import type { Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import type { FileUpload } from '../upload';
import { toGraphQL as fileToGraphQL } from './files';

export const iconResolvers: Resolvers = {
  Icon: {
    url: (icon) => iconUrl(icon),
    created: (icon) => icon.created_at,
    file: async (icon, _args, ctx) => {
      const file = icon.file_id ? await fileById(ctx.service).load(icon.file_id) : null;
      return file ? fileToGraphQL(file) : null;
    },
  },
  Query: {
    icons: (_root, _args, ctx) => asQuery(() => listIcons(ctx.service)),
  },
  Mutation: {
    uploadIcon: (_root, args, ctx) =>
      payload(async () => {
        const upload: FileUpload = await args.file;
        return { icon: await uploadIcon(ctx.service, { stream: upload.createReadStream(), filename: upload.filename, declaredMimeType: upload.mimetype }) };
      }),
    deleteIcon: (_root, args, ctx) => payload(async () => ({ id: await deleteIcon(ctx.service, args.id) })).then(withOk),
  },
};
