import { z } from 'zod';

/**
 * A web app manifest (W3C Web Application Manifest), as far as this app writes one. Only
 * browsers read it, never the client's code, so its shape lives with the route that answers it;
 * the response schema still filters what leaves, as on every route.
 */
const ManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable', 'monochrome']),
});

export const WebManifest = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.enum(['standalone', 'minimal-ui', 'browser', 'fullscreen']),
  background_color: z.string(),
  theme_color: z.string(),
  lang: z.string(),
  icons: z.array(ManifestIcon),
});
export type WebManifest = z.infer<typeof WebManifest>;
