import { addressReach } from '#shared/audience-address.ts';
import { messages } from '#shared/messages.ts';

/**
 * Says so when phones cannot all open the audience link (a loopback or local network address),
 * and how to fix it: shown before the musician prints or shares a code of it.
 */
export function AddressWarning({ link }: { link: string }) {
  const reach = addressReach(link);
  if (reach === 'public') return null;
  const loopback = reach === 'loopback';
  return (
    <p
      className={`qr-address-warning status-message ${loopback ? 'status-error' : 'status-info'}`}
      role="note"
    >
      {loopback ? messages.qrAddressLoopback : messages.qrAddressPrivate}
    </p>
  );
}
