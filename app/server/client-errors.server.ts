import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { LANGUAGES } from '~/lib/language';
import { getT } from './i18n.server';

/**
 * Requests Node refuses before any handler sees them: a request line or headers beyond its 16 KB limit (a GET
 * address of that length), a request that cannot be parsed, one that never finished arriving. Node answers them
 * with a bare status line; here they get the status and a sentence saying what happened. The request's headers
 * were not read, so its language is unknown: the sentence comes in every language the platform speaks.
 */

const ANSWERS: Record<string, { status: number; reason: string; key: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', key: 'errors:request.headersTooLarge' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', key: 'errors:request.unreadable' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', key: 'errors:request.timeout' },
};
const UNREADABLE = { status: 400, reason: 'Bad Request', key: 'errors:request.unreadable' };

/** The raw HTTP answer to a request Node could not take (`error.code` of its 'clientError' event). */
export function clientErrorResponse(code: string | undefined): string {
  const answer = (code && ANSWERS[code]) || UNREADABLE;
  const body = `${LANGUAGES.map((language) => getT(language)(answer.key)).join('\n\n')}\n`;
  return [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Answers the server's client errors as above (instead of Node's bare status line) and closes the connection. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // a connection the client dropped, or one whose response has begun: nothing more can be said on it
    const responding = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || responding?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
  });
}
