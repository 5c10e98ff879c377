import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { createdState, type CreatedItem } from '../components/ui/created-notice';
import type { FieldErrors } from '../lib/field-errors';
import { uploadsBusy, useUploadsInFlight } from '../lib/uploads-in-flight';
import { isEditConflict } from '../lib/admin-api';
import { keepMyChanges } from '../lib/merge-changes';
import { useKeptDraft } from './use-kept-draft';
import { useDatabaseAway } from './use-database-away';
import { databaseAway, isUnavailable, SAVE_WHEN_BACK_TEXT, WaitingForDatabase } from '../lib/database-away';
import { useFocusFirstError } from './use-focus-first-error';
import { useFormErrors } from './use-form-errors';
import { useSaveShortcut } from './use-save-shortcut';
import { useSaveState } from './use-save-state';
import { useUnsavedChanges } from './use-unsaved-changes';

/** Where a saved form goes next: its list, with the item just created when there is one. */
export type AfterSave = { to: string; created?: CreatedItem };

type Options<F> = {
  initial: F;
  /** Every field error of the form; the save is refused while there is one. */
  validate: (form: F) => FieldErrors;
  /** Sends the form (already checked). Answers where to go, or nothing to stay with the form as the new saved state. */
  save: (form: F) => Promise<AfterSave | void>;
  /** What a failure that names no field says beside Save. */
  failureText: (error: unknown) => string;
  /** What counts as a change (default: the form's JSON). */
  snapshot?: (form: F) => string;
  /** Where this item's unsaved fields are kept in the browser (e.g. `product:42`); none: not kept. */
  draftKey?: string;
  /** Reads the item as stored now: offered after an edit conflict as "Reload and keep my changes". */
  reload?: () => Promise<F>;
};

/**
 * One admin form's life: its state, the live re-check of its fields, Save
 * (refused with the first invalid field focused; Saving... then Saved, or the
 * failure under its field or beside Save), Ctrl/⌘+S, the unsaved-changes
 * warning, and the way back to the list (with the created-item notice).
 */
export function useEditForm<F>({ initial, validate, save, failureText, snapshot = JSON.stringify, draftKey, reload }: Options<F>) {
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  // The stored version the form started from (moved by each save and by a reload after a conflict).
  const [base, setBase] = useState(initial);
  const [baseline, setBaseline] = useState(() => snapshot(initial));
  const validation = useFormErrors(form, validate);
  useFocusFirstError(validation.refused);
  const saving = useSaveState();
  const dirty = snapshot(form) !== baseline;
  const { blocker, allowNextNavigation } = useUnsavedChanges(dirty);
  const uploads = useUploadsInFlight();
  // Save pressed while files were still uploading: it happens once they are in the form.
  const [saveAfterUploads, setSaveAfterUploads] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const kept = useKeptDraft(draftKey, { form, base, dirty }, initial);
  const [conflicted, setConflicted] = useState(false);
  // After "Reload and keep my changes": the fields both this window and someone else changed.
  const [merged, setMerged] = useState<{ clashes: string[] } | null>(null);

  const pendingChange = useRef<((form: F) => F) | undefined>(undefined);
  // A save answered 503 (the database away): nothing was saved; it is sent again, once, when health says the database is back.
  const [saveWhenBack, setSaveWhenBack] = useState<{ change: ((form: F) => F) | undefined } | null>(null);
  const away = useDatabaseAway();
  /** `change`: what this button sets before saving (Publish, Save draft), kept in the form too. */
  const submit = async (change?: (form: F) => F) => {
    if (saving.status === 'saving') return;
    setSaveWhenBack(null);
    saving.setError(null);
    if (uploadsBusy()) {
      pendingChange.current = change;
      return setSaveAfterUploads(true);
    }
    if (!validation.check()) return;
    const toSend = change ? change(form) : form;
    if (change) setForm(toSend);
    const sent = snapshot(toSend);
    await saving.run(
      async () => {
        const next = await save(toSend).catch(async (error: unknown) => {
          throw isUnavailable(error) && (await databaseAway.confirm()) ? new WaitingForDatabase() : error;
        });
        setMerged(null);
        if (!next) {
          setSavedAt(new Date());
          setBase(toSend);
          return setBaseline(sent);
        }
        allowNextNavigation();
        kept.close(true);
        navigate(next.to, next.created ? { state: createdState(next.created) } : undefined);
      },
      // A refusal about one field (a taken slug) goes under that field; any other reason beside Save.
      (error) => {
        if (error instanceof WaitingForDatabase) {
          // The change was applied to the form above: the retry sends the form as it is then.
          setSaveWhenBack({ change: undefined });
          return SAVE_WHEN_BACK_TEXT;
        }
        setConflicted(isEditConflict(error));
        return validation.fromServer(error) ? null : failureText(error);
      },
    );
  };
  useSaveShortcut(() => submit());
  // Runs after the render in which the last upload finished, so `submit` sees the form with its files.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    if (!saveAfterUploads || uploads.busy || uploadsBusy()) return;
    setSaveAfterUploads(false);
    void submitRef.current(pendingChange.current);
  }, [saveAfterUploads, uploads]);
  useEffect(() => {
    if (!saveWhenBack || away) return;
    setSaveWhenBack(null);
    void submitRef.current(saveWhenBack.change);
  }, [saveWhenBack, away]);

  return {
    form,
    setForm,
    /** A setter for one field. */
    set:
      <K extends keyof F>(key: K) =>
      (value: F[K]) =>
        setForm((current) => ({ ...current, [key]: value })),
    errors: validation.errors,
    /** A field is invalid: Save shows as refused. */
    invalid: validation.invalid,
    /** Why the last save failed, when no field says it. */
    failure: saving.error,
    status: saving.status,
    /** Uploads under way, and whether Save is waiting for them. */
    uploading: uploads.files,
    waitingForUploads: saveAfterUploads,
    /** A save refused while the database was away, waiting to go out again once it is back. */
    waitingForDatabase: saveWhenBack !== null,
    /** When this form was last saved while staying on screen (null before). */
    savedAt,
    /** A kept draft from an earlier visit, waiting for Restore or Discard. */
    keptDraft: kept.offer ? { at: new Date(kept.offer.at) } : null,
    restoreKeptDraft: () => {
      if (!kept.offer) return;
      setForm(keepMyChanges(kept.offer.base, kept.offer.form, initial).merged);
      kept.close(false);
    },
    discardKeptDraft: () => kept.close(true),
    /** The last save was refused by an edit conflict, and the item can be read again. */
    canReloadAndKeep: conflicted && Boolean(reload),
    reloadAndKeep: async () => {
      if (!reload) return;
      try {
        const latest = await reload();
        const { merged: next, clashes } = keepMyChanges(base, form, latest);
        setBase(latest);
        setBaseline(snapshot(latest));
        setForm(next);
        setConflicted(false);
        saving.setError(null);
        setMerged({ clashes });
      } catch (error) {
        saving.setError(failureText(error));
      }
    },
    /** What the reload after a conflict did, until the next save. */
    merged,
    dirty,
    blocker,
    submit,
    /** For a <form>: Enter in a field and a submit button save like the other ways. */
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submit();
    },
  };
}
