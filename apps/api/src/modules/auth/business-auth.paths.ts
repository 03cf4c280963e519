import { API_PREFIX } from '../../app/openapi-document';

/** Paths of business sign-in as a browser sees them (the API prefix included). */
export const NONCE_COOKIE_PATH = `/${API_PREFIX}/user/auth/business`;
export const BUSINESS_CALLBACK_PATH = `/${API_PREFIX}/user/auth/business/callback`;
export const SANDBOX_PAGE_PATH = `/${API_PREFIX}/user/auth/sandbox`;
