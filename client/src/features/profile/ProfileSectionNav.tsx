import { useEffect, useRef } from 'react';
import { PROFILE_SECTIONS, type ProfileSectionId } from './profile-sections.ts';

interface ProfileSectionNavProps {
  active: ProfileSectionId;
  onSelect(section: ProfileSectionId): void;
}

/** The Profile tab's sub-navigation: one section on screen at a time. */
export function ProfileSectionNav({ active, onSelect }: ProfileSectionNavProps) {
  const activeButton = useRef<HTMLButtonElement>(null);
  // On a phone the row scrolls sideways: the open section is never left out of sight.
  useEffect(() => {
    activeButton.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <nav className="profile-nav" aria-label="Profile sections">
      <ul>
        {PROFILE_SECTIONS.map((section) => (
          <li key={section.id}>
            <button
              ref={section.id === active ? activeButton : undefined}
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
