type Props = { editor: { keptDraft: { at: Date } | null; restoreKeptDraft: () => void; discardKeptDraft: () => void } };

/** "Restore unsaved changes from 12:14?" after a reload or a discarded tab (issue 24). */
export function KeptDraftOffer({ editor }: Props) {
  if (!editor.keptDraft) return null;
  const time = editor.keptDraft.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="adm-alert adm-kept-draft" role="alert">
      <span>Restore unsaved changes from {time}?</span>
      <button type="button" className="adm-button adm-button--small adm-button--primary" onClick={editor.restoreKeptDraft}>
        Restore
      </button>
      <button type="button" className="adm-button adm-button--small" onClick={editor.discardKeptDraft}>
        Discard
      </button>
    </div>
  );
}
