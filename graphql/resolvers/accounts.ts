import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import { currentExchange } from '~/server/auth/http-exchange.server';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '~/server/auth/refresh-tokens.server';
import {
  accountDelete,
  accountRegister,
  accountRequestDeletion,
  accountUpdate,
  addressCreate,
  addressOfUser,
  addressUpdate,
  avatarOfUser,
  blindMatchingRegister,
  blindMatchingSetPassword,
  confirmAccount,
  currentOrganizationOfUser,
  getJWTToken,
  isSalesUser,
  me,
  organizationsOfUser,
  requestPasswordReset,
  setPassword,
  tokenCreate,
  tokenRefresh,
  tokenVerify,
  type TokenSet,
} from '~/server/services/accounts';
import type { Env } from '~/server/env.server';
import type { Resolvers } from '../generated/types';
import { asQuery, payload } from '../errors';

/** The refresh token also travels as httpOnly cookie, readable only by /graphql/ (so never by page scripts). */
function setRefreshCookie(env: Env, tokens: TokenSet) {
  currentExchange()?.res.append(
    'Set-Cookie',
    serializeCookie(REFRESH_COOKIE, tokens.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: env.PUBLIC_URL?.startsWith('https://') ?? false,
      path: REFRESH_COOKIE_PATH,
      expires: tokens.refreshExpiresAt,
    }),
  );
}

function requestInfo() {
  const req = currentExchange()?.req;
  return {
    ip: req?.ip ?? null,
    userAgent: req?.get('user-agent') ?? null,
    cookieRefreshToken: req?.get('cookie') ? (parseCookie(req.get('cookie')!)[REFRESH_COOKIE] ?? null) : null,
  };
}

const tokenAnswer = (tokens: TokenSet) => ({
  token: tokens.token,
  csrfToken: tokens.csrfToken,
  refreshToken: tokens.refreshToken,
  user: tokens.user,
});

export const accountResolvers: Resolvers = {
  // a user's private data is shown to that user only (services/accounts/policy.ts)
  User: {
    sales: (user, _args, ctx) => isSalesUser(ctx.service, user.id),
    avatar: (user, _args, ctx) => avatarOfUser(ctx.service, user),
    address: (user, _args, ctx) => addressOfUser(ctx.service, user.id),
    organization: (user, _args, ctx) => currentOrganizationOfUser(ctx.service, user.id),
    organizations: (user, _args, ctx) => organizationsOfUser(ctx.service, user.id),
  },
  Query: {
    me: (_root, _args, ctx) => me(ctx.service),
    getJWTToken: (_root, args, ctx) => asQuery(() => getJWTToken(ctx.service, { username: args.username, email: args.email })),
  },
  Mutation: {
    tokenCreate: (_root, args, ctx) =>
      payload(async () => {
        const { ip, userAgent } = requestInfo();
        const tokens = await tokenCreate(ctx.service, { email: args.email, password: args.password, ip, userAgent });
        setRefreshCookie(ctx.app.env, tokens);
        return tokenAnswer(tokens);
      }),
    tokenRefresh: (_root, args, ctx) =>
      payload(async () => {
        const { userAgent, cookieRefreshToken } = requestInfo();
        const tokens = await tokenRefresh(ctx.service, {
          csrfToken: args.csrfToken,
          refreshToken: args.refreshToken,
          cookieRefreshToken,
          userAgent,
        });
        setRefreshCookie(ctx.app.env, tokens);
        return tokenAnswer(tokens);
      }),
    tokenVerify: async (_root, args, ctx) => {
      const result = await payload(() => tokenVerify(ctx.service, args.token));
      return { ...result, isValid: !result.error };
    },
    accountRegister: (_root, args, ctx) =>
      payload(async () => {
        await accountRegister(ctx.service, args.input, args.redirectUrl);
        return { requiresConfirmation: true };
      }),
    confirmAccount: (_root, args, ctx) =>
      payload(async () => {
        await confirmAccount(ctx.service, args.email, args.token);
        return {};
      }),
    requestPasswordReset: (_root, args, ctx) =>
      payload(async () => {
        await requestPasswordReset(ctx.service, args.email, args.redirectUrl);
        return {};
      }),
    setPassword: (_root, args, ctx) =>
      payload(async () => {
        await setPassword(ctx.service, { email: args.email, token: args.token, password: args.password });
        return {};
      }),
    accountUpdate: (_root, args, ctx) =>
      payload(async () => ({ user: await accountUpdate(ctx.service, args.input) })),
    accountRequestDeletion: (_root, args, ctx) =>
      payload(async () => {
        await accountRequestDeletion(ctx.service, args.redirectUrl);
        return {};
      }),
    accountDelete: (_root, args, ctx) => payload(() => accountDelete(ctx.service, args.token)),
    blindMatchingRegister: (_root, args, ctx) =>
      payload(async () => {
        await blindMatchingRegister(ctx.service, { email: args.email, convention: args.convention }, { ip: requestInfo().ip });
        return {};
      }),
    blindMatchingSetPassword: (_root, args, ctx) =>
      payload(async () => {
        await blindMatchingSetPassword(ctx.service, { email: args.email, token: args.token, password: args.password });
        return {};
      }),
    addressCreate: (_root, args, ctx) =>
      payload(async () => ({
        address: await addressCreate(ctx.service, args.input, { allDataRequired: args.allDataRequired ?? false }),
      })),
    addressUpdate: (_root, args, ctx) =>
      payload(async () => ({
        address: await addressUpdate(ctx.service, args.id, args.input, { allDataRequired: args.allDataRequired ?? false }),
      })),
  },
};
