import type { ProfileLink } from './profile-links.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

interface ProfileLinkListProps {
  title: string;
  links: ProfileLink[];
  /** Told of each click (the follow modal tracks them against the request). */
  onOpen?: (link: ProfileLink) => void;
}

/** Connect or Listen: the musician's pages, each opening in a new tab. */
export function ProfileLinkList({ title, links, onOpen }: ProfileLinkListProps) {
  const { t } = useAudienceTranslation();
  if (links.length === 0) return null;
  return (
    <section className="profile-links">
      <h3>{title}</h3>
      <ul>
        {links.map((link) => (
          <li key={link.platform}>
            <a
              className="button button-secondary"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => onOpen?.(link)}
            >
              {/* The others are brand names, the same in every language. */}
              {link.platform === 'website' ? t('website') : link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
