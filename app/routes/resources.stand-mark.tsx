import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { StandMarkState } from '~/lib/bookmarks';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { resourceJson } from '~/server/route-kit.server';
import { isStandMarked } from '~/server/services/events/stand-marks';

/**
 * The viewer's own mark on a hall stand (issue 27), for the stand page's toggle (StandMarkToggle): the page is shared
 * by the visitors of one audience (issue 26), this answer is theirs alone (private, never kept). It says only
 * whether the viewer marked the id, so it tells nothing about stands the viewer may not see; `null` without a login.
 */
export const guards = defineGuards({ public: true });

const Query = z.object({ id: z.string().uuid() });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return resourceJson({ pressed: null } satisfies StandMarkState, { status: 400 });
  const pressed = context.viewer ? await isStandMarked(context.service, query.data.id) : null;
  return resourceJson({ pressed } satisfies StandMarkState);
}
