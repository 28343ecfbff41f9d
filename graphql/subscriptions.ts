import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { GraphQLError, specifiedRules, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { AppServices } from '~/server/context.server';
import { isCrossOriginRequest } from '~/server/csrf.server';
import { JwtError } from '~/server/auth/jwt.server';
import { authenticateRequest } from '~/server/auth/request-auth.server';
import { getT } from '~/server/i18n.server';
import { closeChatFanout } from '~/server/services/chats/fanout';
import type { GraphQLContext } from './context';
import { formatSocketError } from './errors';
import { variablesHygieneErrors } from './hygiene';
import { parseWithTokenLimit, QUERY_LIMITS, validateLimitsFirst } from './limits';
import { buildSchema, requestValidationRules } from './server';

/**
 * GraphQL over WebSocket (graphql-ws 6) on `/graphql/`, beside graphql-http and with the same schema: the door for
 * subscriptions (chat messages and conversation changes, issue 28), queries and mutations work on it too. A browser
 * authenticates with its session cookie, and its upgrade request must come from our own origin (the cross-origin
 * rule of page posts and cookie mutations: a WebSocket is not bound by CORS, so another site could otherwise open one
 * with the visitor's cookie); an integrator sends its JWT in the connection parameters
 * (`{ authorization: 'JWT <token>' }`, `Bearer` accepted) and has no cookie to forge.
 */

const PATHS = new Set(['/graphql', '/graphql/']);
/** The largest message a client may send (a query with its variables). */
const MAX_PAYLOAD_BYTES = 1024 * 1024;

// a type, not an interface: graphql-ws wants an indexable type
type SocketExtra = { auth?: Awaited<ReturnType<typeof authenticateRequest>> };

/** The upgrade request as the request helpers read it (headers, URL, scheme). */
function requestShim(request: IncomingMessage, authorization?: string | null): ExpressRequest {
  const header = (name: string) => {
    const key = name.toLowerCase();
    if (key === 'authorization' && authorization !== undefined) return authorization ?? undefined;
    const value = request.headers[key];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
  const forwarded = loopback ? header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const encrypted = (request.socket as { encrypted?: boolean }).encrypted;
  return {
    originalUrl: request.url ?? '/graphql/',
    protocol: forwarded || (encrypted ? 'https' : 'http'),
    get: header,
  } as unknown as ExpressRequest;
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export interface SubscriptionServer {
  close(): Promise<void>;
}

/** Serves GraphQL over WebSocket on the HTTP server's `/graphql/` upgrades. */
export function serveSubscriptions(app: AppServices, server: Server, schema: GraphQLSchema = buildSchema(app.env.rootDir)): SubscriptionServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // other upgrades (the dev server's) are someone else's
    if (!PATHS.has(path)) return;
    if (isCrossOriginRequest(requestShim(request), app)) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);

  // errors leave in the shape of the HTTP door: our codes in `extensions.code`, nothing internal
  const format = (extra: SocketExtra, errors: readonly GraphQLError[]): GraphQLFormattedError[] =>
    errors.map((error) =>
      (
        formatSocketError(error, {
          t: extra.auth?.service.t ?? getT('EN'),
          expose: app.env.NODE_ENV === 'development',
          log: (unexpected) => console.error('[graphql] unexpected error in a subscription:', unexpected),
        }) as GraphQLError
      ).toJSON(),
    );

  const disposable = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      schema,
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const given = params.authorization ?? params.Authorization ?? (params.token ? `JWT ${String(params.token)}` : undefined);
        try {
          ctx.extra.auth = await authenticateRequest(app, requestShim(ctx.extra.request, typeof given === 'string' ? given : undefined));
        } catch (error) {
          if (error instanceof JwtError) return false;
          throw error;
        }
        return true;
      },
      context: (ctx): GraphQLContext => {
        const auth = ctx.extra.auth!;
        // every operation gets its own per-request caches
        return { ...auth, service: { ...auth.service, loaders: new Map() } };
      },
      onNext: (ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: format(ctx.extra, result.errors) } : undefined),
      onError: (ctx, _id, _payload, errors) => format(ctx.extra, errors),
      // the HTTP door's checks, in its order: the variables' hygiene, the parse with its token limit, the query limits
      // and the literal hygiene before the standard rules; the parse and the document-only rules are cached by the
      // document's text (graphql/limits.ts), so a client sending the same mutation again pays for neither
      onSubscribe: (ctx, _id, payload) => {
        const t = ctx.extra.auth?.service.t ?? getT('EN');
        const hygiene = variablesHygieneErrors(payload.variables, t);
        if (hygiene.length) return hygiene;
        let document: DocumentNode;
        try {
          document = parseWithTokenLimit(payload.query, { maxTokens: QUERY_LIMITS.maxTokens, t });
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = validateLimitsFirst(schema, document, requestValidationRules(specifiedRules, QUERY_LIMITS, t, payload.variables));
        if (errors.length) return [...errors];
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
    },
    wss,
  );

  return {
    async close() {
      server.off('upgrade', onUpgrade);
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await closeChatFanout(app);
    },
  };
}
