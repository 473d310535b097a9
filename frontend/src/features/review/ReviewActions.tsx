import { useId, useState } from 'react';
import type { SubmissionDetail } from '../../api/types';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { ReviewDecisionInput, useDecide } from './queries';

type Pending = { kind: 'accept' } | { kind: 'accept-edited'; text: string } | { kind: 'reject' };

interface ReviewActionsProps {
  submission: SubmissionDetail;
  /** While editing, the page shows this editor in place of the highlighted text. */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** The decision mutation; it lives in the page, which shows its result after this unmounts. */
  decide: ReturnType<typeof useDecide>;
}

/** Accept, edit then accept, or reject a parked draft; every action asks for confirmation first. */
export function ReviewActions({ submission, editing, onEditingChange, decide }: ReviewActionsProps) {
  const id = useId();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [text, setText] = useState(submission.text);
  const [problem, setProblem] = useState<string | null>(null);
  const chapter = submission.chapter_number;

  const run = () => {
    if (!confirming) return;
    const input: ReviewDecisionInput =
      confirming.kind === 'reject' ? { action: 'reject' } : confirming.kind === 'accept' ? { action: 'accept' } : { action: 'accept', text: confirming.text };
    decide.mutate(input, {
      onSuccess: () => {
        setConfirming(null);
        onEditingChange(false);
      },
    });
  };

  const startEditedAccept = () => {
    if (!text.trim()) {
      setProblem('The chapter cannot be empty. Write the text, or reject the draft.');
      return;
    }
    if (text === submission.text) {
      setProblem('The text is unchanged. Edit it, or use “Accept as is”.');
      return;
    }
    setProblem(null);
    decide.reset();
    setConfirming({ kind: 'accept-edited', text });
  };

  return (
    <div className="review-actions">
      {editing ? (
        <div className="review-edit">
          <div className="field">
            <label htmlFor={`${id}-text`}>Edit the draft of chapter {chapter}</label>
            <textarea
              id={`${id}-text`}
              className="review-edit__text"
              rows={16}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            />
            {problem ? (
              <p id={`${id}-problem`} className="field__error">
                {problem}
              </p>
            ) : (
              <p id={`${id}-hint`} className="field__hint">
                Fix what the findings point at. The edited text is processed as chapter {chapter}; the original findings are kept as
                “accepted after edit”.
              </p>
            )}
          </div>
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={startEditedAccept}>
              Accept edited draft…
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setText(submission.text);
                setProblem(null);
                onEditingChange(false);
              }}
            >
              Cancel editing
            </button>
          </div>
        </div>
      ) : (
        <div className="form__actions review-actions__bar">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              decide.reset();
              setConfirming({ kind: 'accept' });
            }}
          >
            Accept as is…
          </button>
          <button type="button" className="button" onClick={() => onEditingChange(true)}>
            Edit, then accept
          </button>
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => {
              decide.reset();
              setConfirming({ kind: 'reject' });
            }}
          >
            Reject…
          </button>
        </div>
      )}

      {confirming && (
        <ConfirmDialog
          title={
            confirming.kind === 'reject'
              ? `Reject the draft of chapter ${chapter}?`
              : confirming.kind === 'accept'
                ? `Accept the draft of chapter ${chapter} despite its findings?`
                : `Accept the edited draft of chapter ${chapter}?`
          }
          confirmLabel={confirming.kind === 'reject' ? 'Reject draft' : 'Accept and write the chapter'}
          pendingLabel={confirming.kind === 'reject' ? 'Rejecting…' : 'Queuing the chapter…'}
          danger={confirming.kind === 'reject'}
          pending={decide.isPending}
          onConfirm={run}
          onCancel={() => setConfirming(null)}
          notice={decide.isError ? <ErrorNotice error={decide.error} title="Nothing was changed" /> : null}
        >
          {confirming.kind === 'reject' ? (
            <p>The draft is marked rejected and nothing is written to the story. The agent can submit a new draft.</p>
          ) : (
            <>
              <p>
                {confirming.kind === 'accept' ? 'The draft' : 'Your edited text'} becomes chapter {chapter}: it is read and added to the
                wiki like any chapter, in the background. This page shows its progress.
              </p>
              <p>
                {submission.findings.length > 0
                  ? `Its ${submission.findings.length === 1 ? 'finding is' : `${submission.findings.length} findings are`} kept as ${
                      confirming.kind === 'accept' ? '“accepted despite FAIL”' : '“accepted after edit”'
                    } flags.`
                  : 'The critic could not judge it; accepting writes it unchecked.'}
              </p>
            </>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
