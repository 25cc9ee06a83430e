import { messages } from '#shared/messages.ts';
import type { OnboardingLink, PaymentsAccount } from '#shared/schemas/payments.ts';
import { badRequest, notFound, serviceUnavailable } from '#server/http/errors.ts';
import { stripeErrorOf, type PaymentsContext } from './payments-context.ts';

/** How a musician takes cards: the account's state, and Stripe's Connect onboarding. */
export function onboardingService(ctx: PaymentsContext) {
  const { mode, payments, musicians, log } = ctx;

  return {
    /** GET /payments/account: how this musician takes cards, Stripe asked when it decides. */
    async account(musicianId: string): Promise<PaymentsAccount> {
      const musician = await musicians.findById(musicianId);
      if (!musician) throw notFound(messages.musicianNotFound);
      if (mode === 'off') {
        return { mode, card_payments_enabled: false, account_connected: false };
      }
      if (mode === 'own_account') {
        return {
          mode,
          card_payments_enabled: musician.cardPaymentsEnabled,
          account_connected: true,
        };
      }
      let enabled = musician.cardPaymentsEnabled;
      if (musician.stripeAccountId) {
        try {
          const account = await ctx.stripeOr404().accounts.retrieve(musician.stripeAccountId);
          enabled = account.charges_enabled;
          const changed = await payments.setChargesEnabled(account.id, enabled);
          if (changed.length > 0) await ctx.pushMusician(musicianId);
        } catch (error) {
          log.warn({ stripe: stripeErrorOf(error) }, 'Stripe account not read');
        }
      }
      return {
        mode,
        card_payments_enabled: enabled,
        account_connected: musician.stripeAccountId !== null,
      };
    },

    /** POST /payments/connect: Stripe's onboarding for this musician (Connect only). */
    async connect(musicianId: string): Promise<OnboardingLink> {
      if (mode === 'off') throw badRequest(messages.paymentsNotConfigured);
      if (mode === 'own_account') throw badRequest(messages.paymentsConnectOnly);
      const client = ctx.stripeOr404();
      const musician = await musicians.findById(musicianId);
      if (!musician) throw notFound(messages.musicianNotFound);
      const back = `${ctx.publicUrl}/dashboard?tab=profile&stripe=`;
      try {
        let accountId = musician.stripeAccountId;
        if (!accountId) {
          const account = await client.accounts.create(
            { type: 'express', metadata: { musician_id: musician.id } },
            { idempotencyKey: `account-${musician.id}` },
          );
          accountId = account.id;
          await payments.setStripeAccount(musician.id, accountId);
        }
        const link = await client.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: `${back}return`,
          refresh_url: `${back}refresh`,
        });
        return { url: link.url };
      } catch (error) {
        log.error({ stripe: stripeErrorOf(error) }, 'Stripe onboarding not started');
        throw serviceUnavailable(messages.paymentUnreachable);
      }
    },
  };
}
