/** FAIL, WARN or INFO as a coloured badge with the word in it (never colour alone). */
export function Severity({ level }: { level: string }) {
  const key = level.toUpperCase();
  const tone = key === 'FAIL' ? 'fail' : key === 'WARN' ? 'warn' : 'info';
  return <span className={`severity severity--${tone}`}>{key}</span>;
}
