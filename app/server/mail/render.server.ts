import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A React Email element as the mail's HTML and plain text. React Email's own `render` reads React 18's
 * renderToReadableStream, which on Node 20 put NUL bytes into a long document (found in the order-request mail's
 * preview padding: PostgreSQL refuses such a payload, so the checkout failed). Our mails need no streaming or Suspense,
 * so the markup is rendered in one piece, with React Email's doctype and its plain-text conversion.
 */
export function renderMailElement(element: ReactElement): { html: string; text: string } {
  const markup = renderToStaticMarkup(element);
  return { html: `${DOCTYPE}${markup}`, text: toPlainText(markup) };
}
