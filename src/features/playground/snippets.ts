/**
 * The task API calls as code a developer can paste: `curl` and JavaScript. Pure text builders: the caller
 * passes the real key for what is copied, and a masked one for what is shown on screen.
 */
import type { GenerateRequest } from '../../api/contract';
import { endpoints } from '../../api/contract';
import { GENERATION_TIME_LIMIT_MS } from '../../actors/generation';

export interface SnippetTarget {
  /** The task API's host, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Single quotes for a POSIX shell: everything literal, a quote itself closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request as the API takes it: only the fields that are set, in a stable order. */
export function requestBody(request: GenerateRequest): GenerateRequest {
  const { prompt, type, model, numImages, aspectRatio, outputFormat, imageUrls, seed, callBackUrl } = request;
  return {
    prompt,
    type,
    model,
    numImages,
    aspectRatio,
    outputFormat,
    ...(imageUrls && imageUrls.length > 0 ? { imageUrls } : {}),
    ...(seed === undefined ? {} : { seed }),
    ...(callBackUrl ? { callBackUrl } : {}),
  };
}

export function generateUrl(baseUrl: string): string {
  return `${trimSlash(baseUrl)}${endpoints.generate.path}`;
}

export function taskStatusUrl(baseUrl: string, taskId: string): string {
  return `${trimSlash(baseUrl)}${endpoints.taskRecord.path}?taskId=${encodeURIComponent(taskId)}`;
}

export function curlGenerate(request: GenerateRequest, target: SnippetTarget): string {
  const body = JSON.stringify(requestBody(request), null, 2);
  return [
    `curl -X POST ${shellQuote(generateUrl(target.baseUrl))} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${target.apiKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

export function curlTaskStatus(taskId: string, target: SnippetTarget): string {
  return [`curl ${shellQuote(taskStatusUrl(target.baseUrl, taskId))} \\`, `  -H ${shellQuote(`Authorization: Bearer ${target.apiKey}`)}`].join('\n');
}

/** Creates the task, then polls it the way the playground does: from 2 s, a little longer each time, for 3 minutes. */
export function javascriptGenerate(request: GenerateRequest, target: SnippetTarget): string {
  const body = JSON.stringify(requestBody(request), null, 2).replace(/\n/g, '\n  ');
  return `const API_KEY = ${JSON.stringify(target.apiKey)};
const headers = { Authorization: \`Bearer \${API_KEY}\`, 'Content-Type': 'application/json' };

const created = await fetch(${JSON.stringify(generateUrl(target.baseUrl))}, {
  method: 'POST',
  headers,
  body: JSON.stringify(${body}),
}).then((response) => response.json());
if (created.code !== 200) throw new Error(created.msg);

// successFlag: 0 generating, 1 success, 2 create failed, 3 generation failed
let delay = 2000;
const giveUpAt = Date.now() + ${GENERATION_TIME_LIMIT_MS / 1000} * 1000;
for (;;) {
  if (Date.now() > giveUpAt) throw new Error(\`Task \${created.data.taskId} is still generating; check it later.\`);
  await new Promise((resolve) => setTimeout(resolve, delay));
  delay = Math.min(delay * 1.5, 10000);
  const task = await fetch(${JSON.stringify(`${trimSlash(target.baseUrl)}${endpoints.taskRecord.path}?taskId=`)} + created.data.taskId, { headers })
    .then((response) => response.json());
  if (task.code !== 200) continue;
  if (task.data.successFlag === 1) {
    console.log(task.data.response.resultImageUrls);
    break;
  }
  if (task.data.successFlag > 1) throw new Error(task.data.errorMessage);
}`;
}
