import { PROFILE_SECTIONS, type ProfileSectionId } from './profile-sections.ts';

interface ProfileSectionNavProps {
  active: ProfileSectionId;
  onSelect(section: ProfileSectionId): void;
}

/** The Profile tab's sub-navigation: one section on screen at a time. */
export function ProfileSectionNav({ active, onSelect }: ProfileSectionNavProps) {
  return (
    <nav className="profile-nav" aria-label="Profile sections">
      <ul>
        {PROFILE_SECTIONS.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              className="profile-nav-item"
              aria-current={section.id === active ? 'page' : undefined}
              onClick={() => onSelect(section.id)}
            >
              {section.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
