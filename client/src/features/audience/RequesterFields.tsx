import { TextField } from '#client/ui/TextField.tsx';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/limits.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/** A controlled text input's two props, as the audience forms bind them. */
interface Bound {
  value: string;
  onChange(event: { target: { value: string } }): void;
}

interface RequesterFieldsProps {
  name: Bound;
  email: Bound;
  /** What is wrong with each, said under it (and the field marked invalid). */
  errors?: { name?: string | undefined; email?: string | undefined };
}

/** 'Your name' and 'Your email', the same in the request and the suggestion form. */
export function RequesterFields({ name, email, errors = {} }: RequesterFieldsProps) {
  const { t } = useAudienceTranslation();
  return (
    <>
      <TextField
        label={t('yourName')}
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        error={errors.name}
        {...name}
      />
      <TextField
        label={t('yourEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        error={errors.email}
        {...email}
      />
    </>
  );
}
