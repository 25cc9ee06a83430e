import type { ReactNode } from 'react';
import { TextField } from '#client/ui/TextField.tsx';
import type { FlagField, FormBinding } from './profile-form.ts';

interface PaymentFieldsProps {
  bind: FormBinding;
}

/** One payment app: its username field(s) and whether the audience page offers it. */
function PaymentApp({
  name,
  flag,
  bind,
  children,
}: {
  name: string;
  flag: FlagField;
  bind: FormBinding;
  children: ReactNode;
}) {
  return (
    <div className="payment-app">
      {children}
      <label className="checkbox-row">
        <input type="checkbox" {...bind.flag(flag)} />
        Offer {name} for tips
      </label>
    </div>
  );
}

/** Venmo, PayPal, Cash App and Zelle, each with its enabled flag. */
export function PaymentFields({ bind }: PaymentFieldsProps) {
  return (
    <fieldset className="profile-section">
      <legend>Tips</legend>
      <p className="muted profile-note">
        Entered without @ (or $ for Cash App). An app shows on your audience page when it is enabled
        and has a username.
      </p>
      <div className="payment-grid">
        <PaymentApp name="Venmo" flag="venmo_enabled" bind={bind}>
          <TextField
            label="Venmo username (without @)"
            {...bind.text('venmo_username')}
            autoCapitalize="none"
          />
        </PaymentApp>
        <PaymentApp name="PayPal" flag="paypal_enabled" bind={bind}>
          <TextField
            label="PayPal username (without @)"
            {...bind.text('paypal_username')}
            autoCapitalize="none"
          />
        </PaymentApp>
        <PaymentApp name="Cash App" flag="cash_app_enabled" bind={bind}>
          <TextField
            label="Cash App username (without $)"
            {...bind.text('cash_app_username')}
            autoCapitalize="none"
          />
        </PaymentApp>
        <PaymentApp name="Zelle" flag="zelle_enabled" bind={bind}>
          <TextField
            label="Zelle email"
            {...bind.text('zelle_email')}
            type="email"
            inputMode="email"
          />
          <TextField
            label="or Zelle phone"
            {...bind.text('zelle_phone')}
            type="tel"
            inputMode="tel"
          />
        </PaymentApp>
      </div>
    </fieldset>
  );
}
