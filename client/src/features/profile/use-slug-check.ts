import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { SlugField, type SlugAvailabilityResponse } from '#shared/schemas/musician.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';

export interface SlugCheck {
  state: 'idle' | 'checking' | 'available' | 'unavailable';
  message: string | null;
}

const DEBOUNCE_MS = 350;

/**
 * The live availability check of the slug field: a shape error at once, the server's answer
 * once typing pauses; nothing for the musician's current slug.
 */
export function useSlugCheck(typed: string, currentSlug: string): SlugCheck {
  const slug = typed.trim().toLowerCase();
  const worthAsking = slug !== currentSlug && SlugField.safeParse(slug).success;
  const [answer, setAnswer] = useState<SlugAvailabilityResponse | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!worthAsking) return;
    let current = true;
    const timer = setTimeout(() => {
      profileApi
        .slugAvailable(slug)
        .then((answered) => current && setAnswer(answered))
        // The check only helps; saving still gets the server's verdict.
        .catch(() => current && setFailedFor(slug));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug, worthAsking]);

  if (slug === currentSlug || failedFor === slug) return { state: 'idle', message: null };
  if (!worthAsking) return { state: 'unavailable', message: messages.slugInvalid };
  if (answer?.slug !== slug) return { state: 'checking', message: messages.slugChecking };
  return { state: answer.available ? 'available' : 'unavailable', message: answer.message };
}
