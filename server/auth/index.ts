/**
 * What other features may use of sign-in: the one way a user whose first factor is proven elsewhere
 * (an organization's sign-in, server/sso/) is answered, with the second factor applied.
 */
export { afterFirstFactor, type FirstFactor } from './sign-in';
