import { DEFAULT_HERO_TEXT_COLOR, HEX_COLOR_PATTERN } from '../../../../shared/colors';
import { MIN_TEXT_CONTRAST, contrastRatio, type Rgb } from '../../../../shared/contrast';

const rgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;

/**
 * The theme's contrast warning for a hero (issue 24: white on white was accepted): the text colour
 * (white when empty, as on the site) on the background colour, when one is set, below 4.5:1.
 */
export function HeroContrastWarning({ textColor, backgroundColor }: { textColor: string; backgroundColor: string }) {
  const text = textColor || DEFAULT_HERO_TEXT_COLOR;
  if (!HEX_COLOR_PATTERN.test(text) || !HEX_COLOR_PATTERN.test(backgroundColor)) return null;
  const ratio = contrastRatio(rgb(text), rgb(backgroundColor));
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    <p className="adm-contrast-warning" role="status">
      The hero text reaches only {ratio.toFixed(1)}:1 contrast on this background ({MIN_TEXT_CONTRAST}:1 is needed). Choose a darker or lighter
      colour so that every visitor can read it.
    </p>
  );
}
