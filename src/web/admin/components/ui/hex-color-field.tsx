import { useEffect, useId, useState } from 'react';
import { HEX_COLOR_TEXT_LENGTH } from '../../../../shared/constants';
import { HEX_COLOR_PATTERN } from '../../../../shared/schemas';

export const HEX_COLOR_MESSAGE = 'Please enter a valid hex color (e.g., #FF5733)';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Empty text is a valid value (meaning "use the default"). */
  allowEmpty?: boolean;
  error?: string;
  /** Told whether the text typed is a colour: while it is not, the form holds the last good one and must not save. */
  onValidity?: (valid: boolean) => void;
};

/**
 * A colour picker plus a hex text field. The text is committed only when it
 * is # followed by exactly six hex digits (spec §5); until then the picker
 * keeps the last good colour.
 */
export function HexColorField({ label, value, onChange, allowEmpty = false, error, onValidity }: Props) {
  const id = useId();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(value);
    setInvalid(false);
  }, [value]);

  const commitText = (next: string) => {
    setText(next);
    if (HEX_COLOR_PATTERN.test(next) || (allowEmpty && next === '')) {
      setInvalid(false);
      onValidity?.(true);
      onChange(next);
    } else {
      setInvalid(true);
      onValidity?.(false);
    }
  };

  const message = invalid ? HEX_COLOR_MESSAGE : error;
  return (
    <div className={`adm-field adm-color${message ? ' adm-field--invalid' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="adm-color__row">
        <input
          id={id}
          type="color"
          className="adm-color__swatch"
          value={HEX_COLOR_PATTERN.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => commitText(event.target.value)}
        />
        <input
          type="text"
          className="adm-input adm-color__text"
          aria-label={`${label} hex value`}
          maxLength={HEX_COLOR_TEXT_LENGTH}
          value={text}
          placeholder={allowEmpty ? 'default' : '#000000'}
          onChange={(event) => commitText(event.target.value)}
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
