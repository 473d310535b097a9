/** The aliases worth showing: each spelling once (case-blind), and never the name itself. */
export function displayAliases(name: string, aliases: readonly string[]): string[] {
  const seen = new Set([name.trim().toLowerCase()]);
  const shown: string[] = [];
  for (const alias of aliases) {
    const key = alias.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    shown.push(alias.trim());
  }
  return shown;
}
