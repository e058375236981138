/**
 * One task-API call as code to paste: curl, JavaScript (fetch) and Python (requests), built from an
 * operation of the OpenAPI document and its example. The caller builds each twice: with the masked key for
 * the screen, with the real key for the clipboard.
 */

import { pythonLiteral, shellQuote } from '../../domain/codeLiterals';

export type DocLanguage = 'curl' | 'javascript' | 'python';

export interface DocCall {
  method: 'GET' | 'POST';
  /** The host, without a trailing slash. */
  baseUrl: string;
  path: string;
  /** Query parameters (GET). */
  query: Record<string, unknown>;
  /** The JSON body (POST), if any. */
  body?: unknown;
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function urlOf(call: DocCall): string {
  return `${call.baseUrl.replace(/\/+$/, '')}${call.path}`;
}

function curl(call: DocCall, apiKey: string): string {
  const auth = `  -H ${shellQuote(`Authorization: Bearer ${apiKey}`)}`;
  if (call.method === 'GET') return [`curl ${shellQuote(urlOf(call) + queryString(call.query))} \\`, auth].join('\n');
  const lines = [`curl -X POST ${shellQuote(urlOf(call))} \\`, `${auth}${call.body === undefined ? '' : ' \\'}`];
  if (call.body !== undefined) lines.push(`  -H 'Content-Type: application/json' \\`, `  -d ${shellQuote(JSON.stringify(call.body, null, 2))}`);
  return lines.join('\n');
}

function javascript(call: DocCall, apiKey: string): string {
  const check = `const result = await response.json();
if (result.code !== 200) throw new Error(\`\${result.code}: \${result.msg}\`);
console.log(result.data);`;
  if (call.method === 'GET') {
    const params = Object.entries(call.query).map(
      ([name, value]) => `url.searchParams.set(${JSON.stringify(name)}, ${JSON.stringify(String(value))});\n`,
    );
    return `const url = new URL(${JSON.stringify(urlOf(call))});
${params.join('')}const response = await fetch(url, {
  headers: { Authorization: ${JSON.stringify(`Bearer ${apiKey}`)} },
});
${check}`;
  }
  const body = call.body === undefined ? '' : `\n  body: JSON.stringify(${JSON.stringify(call.body, null, 2).replace(/\n/g, '\n  ')}),`;
  const type = call.body === undefined ? '' : `, 'Content-Type': 'application/json'`;
  return `const response = await fetch(${JSON.stringify(urlOf(call))}, {
  method: 'POST',
  headers: { Authorization: ${JSON.stringify(`Bearer ${apiKey}`)}${type} },${body}
});
${check}`;
}

function python(call: DocCall, apiKey: string): string {
  const lines = ['import requests', '', `response = requests.${call.method === 'GET' ? 'get' : 'post'}(`, `    ${JSON.stringify(urlOf(call))},`];
  lines.push(`    headers={"Authorization": ${JSON.stringify(`Bearer ${apiKey}`)}},`);
  if (call.method === 'GET' && Object.keys(call.query).length) lines.push(`    params=${pythonLiteral(call.query, '    ')},`);
  if (call.method === 'POST' && call.body !== undefined) lines.push(`    json=${pythonLiteral(call.body, '    ')},`);
  lines.push(
    '    timeout=60,',
    ')',
    'result = response.json()',
    'if result["code"] != 200:',
    `    raise RuntimeError(f"{result['code']}: {result['msg']}")`,
    'print(result["data"])',
  );
  return lines.join('\n');
}

export const DOC_SNIPPETS: Record<DocLanguage, (call: DocCall, apiKey: string) => string> = { curl, javascript, python };
