import type { ContentIssue } from '~/lib/schemas/content';
import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';

/** The content rules' issues as one DomainError, messages in the viewer's language; `prefix` names a nested field. */
export function contentError(ctx: ServiceContext, issues: ContentIssue[], prefix = ''): DomainError {
  return DomainError.fromFieldErrors(
    issues.map((issue) => ({
      code: issue.code,
      field: `${prefix}${issue.field}`,
      message: ctx.t(`content:${issue.key}`, issue.values ?? {}),
    })),
  );
}
