import { api } from '#client/lib/api-client.ts';
import {
  AuthResponse,
  ForgotPasswordResponse,
  type ForgotPasswordBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '#shared/schemas/auth.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import {
  OidcCallbackResponse,
  type OidcCallbackBody,
  type OidcCompleteBody,
} from '#shared/schemas/oidc.ts';

/** Where the identity-provider button sends the browser (a full page load, not a fetch). */
export const OIDC_START_PATH = '/api/auth/oidc/start';

export const authApi = {
  register: (body: RegisterBody) => api.post('/auth/register', AuthResponse, body),
  login: (body: LoginBody) => api.post('/auth/login', AuthResponse, body),
  forgotPassword: (body: ForgotPasswordBody) =>
    api.post('/auth/forgot-password', ForgotPasswordResponse, body),
  resetPassword: (body: ResetPasswordBody) =>
    api.post('/auth/reset-password', MessageResponse, body),
  oidcCallback: (body: OidcCallbackBody) =>
    api.post('/auth/oidc/callback', OidcCallbackResponse, body),
  oidcComplete: (body: OidcCompleteBody) => api.post('/auth/oidc/complete', AuthResponse, body),
};
