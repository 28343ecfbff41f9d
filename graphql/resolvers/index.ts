import { mergeResolvers } from '@graphql-tools/merge';
import { GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../generated/types';
import { accountResolvers } from './accounts';
import { contentResolvers } from './content';
import { contentPageResolvers } from './content-pages';
import { eventsAccessResolvers } from './events-access';
import { eventConventionResolvers } from './events-conventions';
import { conventionHallsResolvers } from './events-convention-halls';
import { eventsHallsResolvers } from './events-halls';
import { eventsProgrammeResolvers } from './events-programme';
import { fileResolvers } from './files';
import { i18nResolvers } from './i18n';
import { iconResolvers } from './icons';
import { leadResolvers } from './leads';
import { organizationResolvers } from './organizations';
import { pagesMigrationResolvers } from './pages-migration';
import { personalizationResolvers } from './personalizations';
import { virtualRoomResolvers } from './virtual-rooms';

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 string');
    return date;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be an ISO-8601 string');
    const date = new Date(ast.value);
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 string');
    return date;
  },
});

const baseResolvers: Resolvers = {
  DateTime,
  Query: { apiVersion: () => '1' },
  Mutation: { ping: () => true },
};

export const resolvers = mergeResolvers([baseResolvers, accountResolvers, fileResolvers, i18nResolvers, organizationResolvers, eventsHallsResolvers, eventConventionResolvers, conventionHallsResolvers, eventsAccessResolvers, eventsProgrammeResolvers, contentResolvers, iconResolvers, personalizationResolvers, contentPageResolvers, leadResolvers, virtualRoomResolvers, pagesMigrationResolvers]) as Resolvers;
