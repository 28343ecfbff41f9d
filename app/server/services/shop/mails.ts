import type { Language } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { orderAnswerBlocks, orderRequestBlocks, type OrderMailLine } from '../email/blocks';
import { sendOrganizationMail } from '../email/emails';

/**
 * The shop's mails (issue 31), each the selling organisation's template (issue 29: its look, its texts per language
 * with overrides on /email-management, its delivery log) in the recipient's language: a new order request to the
 * seller (answers go to the visitor), the visitor's copy, and the seller's answer to the visitor.
 */

export interface OrderRequestMail {
  organizationId: string;
  to: string;
  language: Language;
  kind: 'seller' | 'buyer';
  number: string;
  convention: string;
  buyer: { name: string; email: string };
  message: string;
  lines: OrderMailLine[];
  link: string;
}

export function sendOrderRequestMail(ctx: ServiceContext, input: OrderRequestMail): Promise<string> {
  const blocks = orderRequestBlocks(input.language, { lines: input.lines, message: input.message, link: input.link });
  const common = { organizationId: input.organizationId, language: input.language, to: input.to, blocks };
  if (input.kind === 'seller') {
    const values = { number: input.number, convention: input.convention, buyer: input.buyer.name || input.buyer.email, email: input.buyer.email };
    return sendOrganizationMail(ctx, { ...common, template: 'orderRequest', name: '', values, replyTo: input.buyer.email });
  }
  return sendOrganizationMail(ctx, { ...common, template: 'orderRequestCopy', name: input.buyer.name, values: { number: input.number, convention: input.convention } });
}

export function sendOrderAnswerMail(
  ctx: ServiceContext,
  input: { organizationId: string; to: string; language: Language; name: string; number: string; answer: string; link: string },
): Promise<string> {
  return sendOrganizationMail(ctx, {
    organizationId: input.organizationId,
    template: 'orderAnswer',
    language: input.language,
    to: input.to,
    name: input.name,
    values: { number: input.number },
    blocks: orderAnswerBlocks(input.answer, input.link),
  });
}
