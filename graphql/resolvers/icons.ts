import { deleteIcon, iconUrl, listIcons, uploadIcon } from '~/server/services/content/icons';
import type { Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import type { FileUpload } from '../upload';
import { fileField } from './files';

export const iconResolvers: Resolvers = {
  Icon: {
    url: (icon) => iconUrl(icon),
    created: (icon) => icon.created_at,
    file: (icon, _args, ctx) => fileField(ctx.service, icon.file_id),
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
