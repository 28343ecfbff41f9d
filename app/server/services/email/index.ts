export * from './emails';
export * from './deliveries';
export { mayManageEmails, requireEmailManager } from './policy';
