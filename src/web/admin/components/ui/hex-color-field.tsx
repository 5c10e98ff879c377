import { useId, useState } from 'react';
import { HEX_COLOR_TEXT_LENGTH } from '../../../../shared/constants';
import { HEX_COLOR_PATTERN } from '../../../../shared/schemas';

export const HEX_COLOR_MESSAGE = 'Please enter a valid hex color (e.g., #FF5733)';

/** Whether a colour field's text is a colour the form may save (the same rule as the shared schemas). */
export const isColorText = (text: string, allowEmpty: boolean) => HEX_COLOR_PATTERN.test(text) || (allowEmpty && text.trim() === '');

/**
 * The last text of a colour field that was valid: what previews and the
 * picker show while the text typed is not a colour yet, rather than jumping
 * to black or to nothing.
 */
export function useLastColor(text: string, allowEmpty: boolean, fallback: string): string {
  const valid = isColorText(text, allowEmpty);
  const [last, setLast] = useState(valid ? text : fallback);
  // Adjusted while rendering (React's pattern for state that follows a prop), so no frame shows the stale colour.
  if (valid && text !== last) setLast(text);
  return last;
}

type Props = {
  label: string;
  /** The text as typed, which may not be a colour yet: the form holds it, so its check refuses the save. */
  value: string;
  onChange: (value: string) => void;
  /** Empty text is a valid value (meaning "use the default"). */
  allowEmpty?: boolean;
  error?: string;
};

/**
 * A colour picker plus a hex text field. The text counts as a colour only
 * when it is # followed by exactly six hex digits; until then the
 * message shows under it at once and goes as soon as the text is a colour,
 * while the picker keeps the last good colour.
 */
export function HexColorField({ label, value, onChange, allowEmpty = false, error }: Props) {
  const id = useId();
  const last = useLastColor(value, allowEmpty, '');
  const message = isColorText(value, allowEmpty) ? error : HEX_COLOR_MESSAGE;
  return (
    <div className={`adm-field adm-color${message ? ' adm-field--invalid' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="adm-color__row">
        <input id={id} type="color" className="adm-color__swatch" value={HEX_COLOR_PATTERN.test(last) ? last.toLowerCase() : '#000000'} onChange={(event) => onChange(event.target.value)} />
        <input
          type="text"
          className="adm-input adm-color__text"
          aria-label={`${label} hex value`}
          maxLength={HEX_COLOR_TEXT_LENGTH}
          value={value}
          placeholder={allowEmpty ? 'default' : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
      </div>
      {message ? (
        <p className="adm-field__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
