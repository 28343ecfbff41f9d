/** A mail as it goes into the outbox: subject, HTML and plain text (React Email renders both; mail/*.tsx). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
