import { api } from '#client/app/api-client.ts';
import {
  AuthResponse,
  ForgotPasswordResponse,
  type ForgotPasswordBody,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '#shared/schemas/auth.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import { Musician } from '#shared/schemas/musician.ts';

export const authApi = {
  register: (body: RegisterBody) => api.post('/auth/register', AuthResponse, body),
  login: (body: LoginBody) => api.post('/auth/login', AuthResponse, body),
  logout: () => api.post('/auth/logout', MessageResponse),
  profile: () => api.get('/profile', Musician),
  forgotPassword: (body: ForgotPasswordBody) =>
    api.post('/auth/forgot-password', ForgotPasswordResponse, body),
  resetPassword: (body: ResetPasswordBody) =>
    api.post('/auth/reset-password', MessageResponse, body),
};
