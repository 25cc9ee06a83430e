import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { authService } from '../features/auth/auth-service.ts';
import { passwordResetService } from '../features/auth/password-reset-service.ts';
import { passwordResetsRepository } from '../features/auth/password-resets-repository.ts';
import { resetCodeMailer } from '../features/auth/reset-code-mailer.ts';
import { sessionsRepository } from '../features/auth/sessions-repository.ts';
import { musiciansRepository } from '../features/musicians/musicians-repository.ts';
import { publicMusiciansService } from '../features/musicians/public-musicians-service.ts';
import { profileService } from '../features/profile/profile-service.ts';
import { songsRepository } from '../features/songs/songs-repository.ts';
import { songsService } from '../features/songs/songs-service.ts';

/** The composition root: repositories over the database, services over repositories. */
function buildServices(app: FastifyInstance, config: AppConfig) {
  const db = app.database.db;
  const musicians = musiciansRepository(db);
  const songs = songsService({ songs: songsRepository(db) });
  return {
    auth: authService({ musicians, sessions: sessionsRepository(db) }),
    passwordReset: passwordResetService({
      musicians,
      resets: passwordResetsRepository(db),
      mailer: resetCodeMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
      log: app.log,
      exposeResetCode: config.exposeResetCode,
    }),
    profile: profileService({ musicians }),
    songs,
    publicMusicians: publicMusiciansService({ musicians, songs }),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    app.decorate('services', buildServices(app, options.config));
  },
  { name: 'services', dependencies: ['database'] },
);
