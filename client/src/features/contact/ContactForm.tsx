import { useState, type FormEvent } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useFormFields } from '#client/lib/use-form-fields.ts';
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

const MAX_LENGTHS: Record<keyof ContactFields, number> = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  message: CONTACT_MESSAGE_MAX_LENGTH,
};

/** The Quick Start Guide's contact form (spec sections 5 and 8). */
export function ContactForm({ name, email }: ContactFormProps) {
  const {
    values: fields,
    setValues: setFields,
    bind,
  } = useFormFields<keyof ContactFields>({ name, email, message: '' }, MAX_LENGTHS);
  const { busy: sending, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome>(null);

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
      <TextField label="Name" autoComplete="name" {...bind('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <TextAreaField label="Message" rows={4} {...bind('message')} />
      <StatusMessage tone={outcome?.tone ?? 'info'}>{outcome?.text}</StatusMessage>
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
