export { accountRegister, confirmAccount, type RegisterInput } from './registration';
export {
  authenticate,
  login,
  logout,
  revokeAllCredentials,
  tokenCreate,
  tokenRefresh,
  tokenVerify,
  type Credentials,
  type RefreshInput,
  type TokenSet,
  type TokenUser,
} from './authentication';
export { requestPasswordReset, setPassword } from './password-reset';
export {
  accountDelete,
  accountRequestDeletion,
  accountUpdate,
  me,
  myOrganizations,
  type AccountUpdateInput,
  type Me,
} from './account';
export {
  addressCreate,
  addressOfUser,
  addressUpdate,
  REQUIRED_ADDRESS_FIELDS,
  type Address,
  type AddressInput,
  type AddressOptions,
} from './address';
