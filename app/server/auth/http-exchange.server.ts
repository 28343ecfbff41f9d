import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, RequestHandler, Response } from 'express';

/**
 * The HTTP request and response of the GraphQL call being resolved. The token mutations need them for what
 * lives outside the GraphQL payload: the refresh-token cookie, the client IP and the user agent.
 */
export interface HttpExchange {
  req: Request;
  res: Response;
}

const storage = new AsyncLocalStorage<HttpExchange>();

/** Express middleware mounted before the GraphQL handler. */
export const httpExchange: RequestHandler = (req, res, next) => storage.run({ req, res }, next);

export function currentExchange(): HttpExchange | null {
  return storage.getStore() ?? null;
}
