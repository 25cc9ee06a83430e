import { useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextAreaField } from '#client/ui/TextAreaField.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { contactFormError, type ContactFields } from './contact-form.ts';
import { contactApi } from './contact-api.ts';
import './contact.css';

interface ContactFormProps {
  /** Prefilled from the signed-in musician; both stay editable. */
  name: string;
  email: string;
}

type Outcome = { tone: 'error' | 'success'; text: string } | null;

/** The Quick Start Guide's contact form (spec sections 5 and 8). */
export function ContactForm({ name, email }: ContactFormProps) {
  const [fields, setFields] = useState<ContactFields>({ name, email, message: '' });
  const { busy: sending, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const set = (key: keyof ContactFields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = contactFormError(fields);
    if (invalid) return setOutcome({ tone: 'error', text: invalid });
    setOutcome(null);
    await run(async () => {
      try {
        const sent = await contactApi.contact({
          name: fields.name.trim(),
          email: fields.email.trim(),
          message: fields.message.trim(),
        });
        setFields((current) => ({ ...current, message: '' }));
        setOutcome({ tone: 'success', text: sent.message });
      } catch (error) {
        // A 4xx says what to fix (too long, too many messages); anything else is the spec's line.
        const detail = error instanceof ApiError && error.status < 500 ? error.detail : undefined;
        setOutcome({ tone: 'error', text: detail ?? messages.contactSendFailed });
      }
    });
  }

  return (
    <form className="form-stack contact-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>Contact us</h3>
      <TextField
        label="Name"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        value={fields.name}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        value={fields.email}
        onChange={(event) => set('email')(event.target.value)}
      />
      <TextAreaField
        label="Message"
        rows={4}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        value={fields.message}
        onChange={(event) => set('message')(event.target.value)}
      />
      <StatusMessage tone={outcome?.tone ?? 'info'}>{outcome?.text}</StatusMessage>
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
