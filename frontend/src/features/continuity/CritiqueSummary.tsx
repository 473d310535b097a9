import type { Critique } from '../../api/types';
import { Severity } from '../../components/Severity';
import { plural } from '../../lib/format';

/** "Passed", "2 warnings", "Failed", or why there is no verdict. */
export function CritiqueVerdict({ critique }: { critique: Critique }) {
  if (critique.status === 'error') return <span className="verdict-pill verdict-pill--error">Critic error</span>;
  if (critique.status !== 'ok' || !critique.verdict) return <span className="verdict-pill verdict-pill--none">Not judged</span>;
  const verdict = critique.verdict.toLowerCase();
  if (verdict === 'pass') return <span className="verdict-pill verdict-pill--pass">Passed</span>;
  return <Severity level={verdict === 'fail' ? 'FAIL' : 'WARN'} />;
}

export function critiqueLine(critique: Critique): string {
  if (critique.status === 'error') return `The critic could not judge this chapter${critique.error ? `: ${critique.error}` : '.'}`;
  if (critique.status !== 'ok') return 'The critic was switched off when this chapter was read.';
  const fails = critique.findings.filter((f) => f.severity.toUpperCase() === 'FAIL').length;
  const warns = critique.findings.length - fails;
  if (critique.findings.length === 0) return 'No contradiction with the chapters before it.';
  return [fails ? plural(fails, 'failure') : '', warns ? plural(warns, 'warning') : ''].filter(Boolean).join(' and ') + '.';
}
