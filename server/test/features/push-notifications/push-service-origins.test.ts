import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_SERVICE_ORIGINS,
  isAllowedEndpoint,
  parsePushServiceOrigin,
} from '#server/features/push-notifications/push-service-origins.ts';
import { webPushConfig } from '#server/features/push-notifications/web-push-config.ts';

const defaults = DEFAULT_PUSH_SERVICE_ORIGINS.map((origin) => parsePushServiceOrigin(origin)!);
const allowed = (endpoint: string) => isAllowedEndpoint(endpoint, defaults);

describe('the push services the server calls', () => {
  it('are the browsers’ own by default', () => {
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc:APA91b')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/gAAAAA')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGuQyavXutnMH')).toBe(true);
    expect(allowed('https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB')).toBe(true);
  });

  it('take a wildcard as one label of its own domain, nothing more', () => {
    for (const endpoint of [
      'https://notify.windows.com/w/',
      'https://a.b.notify.windows.com/w/',
      'https://evil.example/x.notify.windows.com',
      'https://notify.windows.com.evil.example/w/',
      'https://evil-notify.windows.com/w/',
      'https://-x.notify.windows.com/w/',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(false);
    }
  });

  it('refuse every other address, scheme, port or credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:9/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'not an address',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(false);
    }
  });

  it('read a host in any case and the default port as the same origin', () => {
    expect(allowed('https://FCM.googleapis.com:443/fcm/send/x')).toBe(true);
  });

  it('are replaced by WEB_PUSH_ALLOWED_ORIGINS, http only where it says so', () => {
    const site = { publicUrl: 'https://songs.example.com', supportEmail: undefined };
    const fail = (message: string) => new Error(message);
    const config = webPushConfig(
      { WEB_PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:5215, https://*.push.example.com' },
      site,
      fail,
    );
    expect(isAllowedEndpoint('http://127.0.0.1:5215/push/1', config.allowedOrigins)).toBe(true);
    expect(isAllowedEndpoint('https://127.0.0.1:5215/push/1', config.allowedOrigins)).toBe(false);
    expect(isAllowedEndpoint('http://127.0.0.1:5216/push/1', config.allowedOrigins)).toBe(false);
    expect(isAllowedEndpoint('https://eu.push.example.com/1', config.allowedOrigins)).toBe(true);
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/x', config.allowedOrigins)).toBe(
      false,
    );
    for (const bad of [
      '*',
      'https://*',
      'https://*.com',
      'https://a.*.example.com',
      'ftp://x.example',
      'https://x.example/path',
    ]) {
      expect(() => webPushConfig({ WEB_PUSH_ALLOWED_ORIGINS: bad }, site, fail), bad).toThrow(
        /WEB_PUSH_ALLOWED_ORIGINS/,
      );
    }
  });

  it('sign as WEB_PUSH_SUBJECT, else the support address, else the public address', () => {
    const fail = (message: string) => new Error(message);
    const site = { publicUrl: 'https://songs.example.com', supportEmail: 'help@example.com' };
    expect(webPushConfig({ WEB_PUSH_SUBJECT: 'mailto:ops@example.com' }, site, fail).subject).toBe(
      'mailto:ops@example.com',
    );
    expect(webPushConfig({}, site, fail).subject).toBe('mailto:help@example.com');
    expect(webPushConfig({}, { ...site, supportEmail: undefined }, fail).subject).toBe(
      'https://songs.example.com',
    );
    // Push services take no http: subject (a local install's PUBLIC_URL).
    const local = { publicUrl: 'http://localhost:3000', supportEmail: undefined };
    expect(webPushConfig({}, local, fail).subject).toBe('mailto:webpush@localhost');
    expect(() => webPushConfig({ WEB_PUSH_SUBJECT: 'http://ops.example' }, site, fail)).toThrow(
      /WEB_PUSH_SUBJECT/,
    );
    expect(() => webPushConfig({ WEB_PUSH_SUBJECT: 'ops' }, site, fail)).toThrow(
      /WEB_PUSH_SUBJECT/,
    );
  });
});
