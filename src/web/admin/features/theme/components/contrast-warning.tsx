import { HEX_COLOR_PATTERN } from '../../../../../shared/colors';
import { weakFillShades } from '../../../../../shared/theme-shades';

/**
 * The site picks white or near-black text for buttons and chips in the primary colour, whichever reads
 * better; a few mid-tones reach 4.5:1 with neither, and the admin should know before saving.
 */
export function ContrastWarning({ color }: { color: string }) {
  if (!HEX_COLOR_PATTERN.test(color) || weakFillShades(color).length === 0) return null;
  return (
    <p className="adm-contrast-warning" role="status">
      Button and chip text can&apos;t reach 4.5:1 contrast on this colour, in white or in dark text. Choose a darker or
      lighter primary colour so that every visitor can read it.
    </p>
  );
}
