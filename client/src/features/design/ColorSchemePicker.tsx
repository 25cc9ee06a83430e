import { COLOR_SCHEMES, type ColorScheme } from '#shared/audience-constants.ts';
import { SCHEME_COLORS } from '#shared/schemas/audience.ts';

const NAMES: Record<ColorScheme, string> = {
  purple: 'Purple',
  blue: 'Blue',
  green: 'Green',
  red: 'Red',
  orange: 'Orange',
};

interface ColorSchemePickerProps {
  value: ColorScheme;
  onChange(scheme: ColorScheme): void;
}

/** The five schemes as radio buttons, each with a swatch of its page and accent colours. */
export function ColorSchemePicker({ value, onChange }: ColorSchemePickerProps) {
  return (
    <fieldset className="design-section">
      <legend>Colour scheme</legend>
      <div className="scheme-options">
        {COLOR_SCHEMES.map((scheme) => (
          <label key={scheme} className="scheme-option">
            <input
              type="radio"
              name="color_scheme"
              value={scheme}
              checked={value === scheme}
              onChange={() => onChange(scheme)}
            />
            <span
              className="scheme-swatch"
              aria-hidden="true"
              style={{
                background: `linear-gradient(135deg, ${SCHEME_COLORS[scheme].bg} 50%, ${SCHEME_COLORS[scheme].accent} 50%)`,
              }}
            />
            <span>{NAMES[scheme]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
