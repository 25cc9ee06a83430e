import { initialsOf } from './profile-links.ts';

interface ArtistAvatarProps {
  photo: string | null;
  name: string;
  size: 'small' | 'large';
}

/** The artist's photo, or their initials; decorative (the name is always beside it). */
export function ArtistAvatar({ photo, name, size }: ArtistAvatarProps) {
  const px = size === 'small' ? 56 : 96;
  if (photo) {
    return <img className={`avatar avatar-${size}`} src={photo} alt="" width={px} height={px} />;
  }
  return (
    <span className={`avatar avatar-${size} avatar-initials`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
