import { useId, useState, type ReactNode } from 'react';

type Props = {
  title: string;
  defaultOpen?: boolean;
  /** Opens the section when a validation error sits inside it. */
  hasErrors?: boolean;
  children: ReactNode;
  className?: string;
};

/** A titled card whose body folds away; the body stays mounted so editors keep their state. */
export function CollapsibleSection({ title, defaultOpen = true, hasErrors = false, children, className }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const [hadErrors, setHadErrors] = useState(hasErrors);
  const id = useId();
  // Opened during render, not in an effect, so the invalid field is already
  // visible when the form moves focus to it (useFocusFirstError).
  if (hasErrors !== hadErrors) {
    setHadErrors(hasErrors);
    if (hasErrors) setOpen(true);
  }
  return (
    <section className={`adm-section${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-heading`}>
      <h2 className="adm-section__heading" id={`${id}-heading`}>
        <button
          type="button"
          className="adm-section__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{title}</span>
          <span className="adm-section__chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
        </button>
      </h2>
      <div className="adm-section__body" id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
