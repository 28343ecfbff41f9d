export { accountRegister, confirmAccount, resendActivationMail } from './registration';
export { login, logout, tokenCreate, tokenRefresh, tokenVerify, type TokenSet } from './authentication';
export { requestPasswordReset, setPassword } from './password-reset';
export {
  accountDelete,
  accountRequestDeletion,
  accountUpdate,
  avatarOfUser,
  currentOrganizationOfUser,
  isSalesUser,
  me,
  organizationsNeedingHandOver,
  organizationsOfUser,
  type HandOverNeeded,
} from './account';
export { addressCreate, addressOfUser, addressOfUserWith, addressOfUserWithCount, addressUpdate, type Address } from './address';
export {
  BLIND_MATCHING_SET_PASSWORD_PATH,
  blindMatchingConvention,
  blindMatchingRegister,
  blindMatchingSetPassword,
} from './blind-matching';
export { getJWTToken, shopUidOf, type ExternalToken } from './external-token';
