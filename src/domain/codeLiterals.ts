/** Values written into code a developer pastes: shell words and Python literals. Pure text. */

/** Single quotes for a POSIX shell: everything literal, a quote itself closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python literal of a JSON value (True, False and None where JSON says true, false, null). */
export function pythonLiteral(value: unknown, indent = ''): string {
  const text = JSON.stringify(value, null, 4) ?? 'None';
  // Outside strings only: JSON strings cannot contain a bare newline, so each token is found by a scan.
  return text
    .replace(/"(?:[^"\\]|\\.)*"|\btrue\b|\bfalse\b|\bnull\b/g, (token) =>
      token === 'true' ? 'True' : token === 'false' ? 'False' : token === 'null' ? 'None' : token,
    )
    .replace(/\n/g, `\n${indent}`);
}
