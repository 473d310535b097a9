import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { setTokenAsker, type TokenReason } from '../../api/token';

interface Pending {
  reason: TokenReason;
  resolve: (token: string | null) => void;
}

/**
 * Asks for the server's API token when a change is refused with 401. Mounted once in the
 * app shell; the API client calls it through `askForToken`.
 */
export function TokenDialog() {
  const id = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef<Pending | null>(null);

  useEffect(() => {
    setTokenAsker(
      (reason) =>
        new Promise<string | null>((resolve) => {
          const next = { reason, resolve };
          current.current = next;
          setValue('');
          setProblem(null);
          setPending(next);
        }),
    );
    return () => {
      setTokenAsker(null);
      current.current?.resolve(null);
    };
  }, []);

  if (!pending) return null;

  const finish = (token: string | null) => {
    current.current = null;
    setPending(null);
    pending.resolve(token);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const token = value.trim();
    if (!token) {
      setProblem('Enter the token, or cancel.');
      return;
    }
    finish(token);
  };

  return (
    <Dialog
      title="API token needed"
      onClose={() => finish(null)}
      footer={
        <>
          <button type="button" className="button" onClick={() => finish(null)}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary">
            Use this token
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate>
        <p>
          {pending.reason === 'refused'
            ? 'The server refused the token you entered. Check it and enter it again.'
            : 'This Continuum server only accepts changes with its API token (the value of CONTINUUM_API_TOKEN).'}
        </p>
        <div className="field">
          <label htmlFor={`${id}-token`}>API token</label>
          <input
            id={`${id}-token`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            data-autofocus
          />
          {problem ? (
            <p id={`${id}-problem`} className="field__error">
              {problem}
            </p>
          ) : (
            <p id={`${id}-hint`} className="field__hint">
              Kept in this tab only, and sent with changes (never with reads).
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
