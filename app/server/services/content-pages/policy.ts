/**
 * Who may do what with content pages (spec 001 point 6; issue 16). Editing needs the content feature of the
 * organisation the viewer works in now (sales users do not have it: their features are narrowed, spec 001 point 6);
 * another organisation's page is NOT_FOUND (decision 006), which the services answer. Who may SEE a page is the
 * access module's publication rule (services/access/publication.ts), re-exported here for the domain.
 */
export { mayEditPage, mayShowLinkedPage, newPublishToken, pageVisibility, tokenMatches, type PageAccess } from '../access/publication';
