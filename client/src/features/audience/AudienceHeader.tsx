import { ArtistAvatar } from './ArtistAvatar.tsx';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { useAudienceStore } from './audience-store.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { tipsAvailable } from './tip-rules.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';

/**
 * One band across the top of a phone: the banner behind (when the musician has one), the photo,
 * the name (opens the artist profile), the Tip button when tips are on, and the language
 * switcher. The name is the musician's own: never translated (nor by the browser).
 */
export function AudienceHeader() {
  const musician = useAudienceStore((s) => s.musician);
  const photo = useAudienceStore((s) => s.design.artist_photo);
  const banner = useAudienceStore((s) => s.design.banner_image);
  const { openArtist, openTip } = useAudienceFlowStore.getState();
  const { t } = useAudienceTranslation();
  if (!musician) return null;

  return (
    <header className={banner ? 'audience-header with-banner' : 'audience-header'}>
      {banner && <img className="header-banner" src={banner} alt="" width={1200} height={400} />}
      <div className="audience-header-inner">
        <ArtistAvatar photo={photo} name={musician.name} size="small" />
        <h1 className="audience-name" translate="no">
          <button
            type="button"
            className="artist-button"
            aria-haspopup="dialog"
            onClick={openArtist}
          >
            {musician.name}
          </button>
        </h1>
        {/* Together: when a long name and long words do not fit one line, both go under it. */}
        <div className="header-actions">
          {tipsAvailable(musician) && (
            <button type="button" className="button button-primary tip-button" onClick={openTip}>
              {t('tip')}
            </button>
          )}
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
