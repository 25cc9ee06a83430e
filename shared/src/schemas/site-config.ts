import { z } from 'zod';

/** What the client needs to know about this installation. */
export const SiteConfigResponse = z.object({
  /** The audience host used in links and QR codes (PUBLIC_URL). */
  public_url: z.string(),
  /** Where musicians write for help (SUPPORT_EMAIL), if the operator set one. */
  support_email: z.string().nullable(),
  /** The label of the identity-provider button (OIDC_BUTTON_LABEL); null hides the button. */
  oidc_button_label: z.string().nullable(),
});
export type SiteConfigResponse = z.infer<typeof SiteConfigResponse>;
