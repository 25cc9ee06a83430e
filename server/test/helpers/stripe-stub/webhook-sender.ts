import Stripe from 'stripe';
import type { StripeObject } from './stripe-objects.ts';

export interface Delivery {
  id: string;
  type: string;
  status: number;
}

/**
 * Delivers events to the app's webhook endpoint as Stripe does: a JSON body signed in the
 * `Stripe-Signature` header. Keeps each event's exact bytes and header so it can be replayed.
 */
export function webhookSender(options: { webhookUrl: string; webhookSecret: string }) {
  const sent = new Map<string, { payload: string; header: string; type: string }>();
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<number>>();

  async function post(id: string, type: string, payload: string, header: string) {
    let status: number;
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0; // nothing answered (the app is down)
    }
    deliveries.push({ id, type, status });
    return status;
  }

  function track(delivery: Promise<number>): Promise<number> {
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
    return delivery;
  }

  return {
    deliveries,
    deliver(event: StripeObject, forge = false): Promise<number> {
      const payload = JSON.stringify(event, null, 2);
      const secret = forge ? `${options.webhookSecret}_forged` : options.webhookSecret;
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      sent.set(event.id, { payload, header, type: event.type });
      return track(post(event.id, event.type, payload, header));
    },
    replay(eventId: string): Promise<number> {
      const earlier = sent.get(eventId);
      if (!earlier) throw new Error(`No event ${eventId} was sent`);
      return track(post(eventId, earlier.type, earlier.payload, earlier.header));
    },
    /** Resolves once every delivery started so far has been answered. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
