/** A mid-range phone held in one hand: the audience page's browser tests run as one. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

/** Answers any request to an outside host with an empty page, so no test leaves the machine. */
export const EXTERNAL_HOSTS = /^https:\/\/(?!127\.0\.0\.1)[^/]+\//;
