/**
 * The task API calls as code a developer can paste: `curl`, JavaScript and Python. Pure text builders: the
 * caller passes the real key for what is copied, and a masked one for what is shown on screen. Each request
 * goes to its model's endpoint with that endpoint's own field names.
 */
import { endpoints, type GenerateCall } from '../api/contract';
import { GENERATION_TIME_LIMIT_MS } from '../common/types';
import { pythonLiteral, shellQuote } from './codeLiterals';

export interface SnippetTarget {
  /** The task API's host, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
}

export type SnippetLanguage = 'curl' | 'javascript' | 'python';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function generateUrl(baseUrl: string, endpoint: GenerateCall['endpoint']): string {
  return `${trimSlash(baseUrl)}${endpoints[endpoint].path}`;
}

export function taskStatusUrl(baseUrl: string, taskId: string): string {
  return `${trimSlash(baseUrl)}${endpoints.taskRecord.path}?taskId=${encodeURIComponent(taskId)}`;
}

function json(call: GenerateCall, indent = ''): string {
  return JSON.stringify(call.request, null, 2).replace(/\n/g, `\n${indent}`);
}

export function curlGenerate(call: GenerateCall, target: SnippetTarget): string {
  return [
    `curl -X POST ${shellQuote(generateUrl(target.baseUrl, call.endpoint))} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${target.apiKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(json(call))}`,
  ].join('\n');
}

export function curlTaskStatus(taskId: string, target: SnippetTarget): string {
  return [`curl ${shellQuote(taskStatusUrl(target.baseUrl, taskId))} \\`, `  -H ${shellQuote(`Authorization: Bearer ${target.apiKey}`)}`].join('\n');
}

const LIMIT_SECONDS = GENERATION_TIME_LIMIT_MS / 1000;

/** Creates the task, then polls it the way the playground does: from 2 s, a little longer each time, slower on 429. */
export function javascriptGenerate(call: GenerateCall, target: SnippetTarget): string {
  return `const API_KEY = ${JSON.stringify(target.apiKey)};
const headers = { Authorization: \`Bearer \${API_KEY}\`, 'Content-Type': 'application/json' };

const created = await fetch(${JSON.stringify(generateUrl(target.baseUrl, call.endpoint))}, {
  method: 'POST',
  headers,
  body: JSON.stringify(${json(call, '  ')}),
}).then((response) => response.json());
if (created.code !== 200) throw new Error(\`\${created.code}: \${created.msg}\`);

// successFlag: 0 generating, 1 success, 2 task creation failed, 3 generation failed
let delay = 2000;
const giveUpAt = Date.now() + ${LIMIT_SECONDS} * 1000;
for (;;) {
  if (Date.now() > giveUpAt) throw new Error(\`Task \${created.data.taskId} is still generating; check it later.\`);
  await new Promise((resolve) => setTimeout(resolve, delay));
  const task = await fetch(${JSON.stringify(`${trimSlash(target.baseUrl)}${endpoints.taskRecord.path}?taskId=`)} + created.data.taskId, { headers })
    .then((response) => response.json());
  // Too many requests: wait longer before asking again.
  delay = task.code === 429 ? Math.min(delay * 2, 60000) : Math.min(delay * 1.5, 10000);
  if (task.code !== 200) continue;
  if (task.data.successFlag === 1) {
    console.log(task.data.response.resultImageUrl);
    break;
  }
  if (task.data.successFlag > 1) throw new Error(\`\${task.data.errorCode}: \${task.data.errorMessage}\`);
}`;
}

/** The same as the JavaScript, with `requests`. */
export function pythonGenerate(call: GenerateCall, target: SnippetTarget): string {
  return `import time
import requests

API_KEY = ${JSON.stringify(target.apiKey)}
headers = {"Authorization": f"Bearer {API_KEY}"}

created = requests.post(
    ${JSON.stringify(generateUrl(target.baseUrl, call.endpoint))},
    headers=headers,
    json=${pythonLiteral(call.request, '    ')},
    timeout=60,
).json()
if created["code"] != 200:
    raise RuntimeError(f"{created['code']}: {created['msg']}")
task_id = created["data"]["taskId"]

# successFlag: 0 generating, 1 success, 2 task creation failed, 3 generation failed
delay, give_up_at = 2.0, time.time() + ${LIMIT_SECONDS}
while True:
    if time.time() > give_up_at:
        raise TimeoutError(f"Task {task_id} is still generating; check it later.")
    time.sleep(delay)
    task = requests.get(
        ${JSON.stringify(`${trimSlash(target.baseUrl)}${endpoints.taskRecord.path}`)},
        params={"taskId": task_id},
        headers=headers,
        timeout=60,
    ).json()
    # Too many requests: wait longer before asking again.
    delay = min(delay * 2, 60) if task["code"] == 429 else min(delay * 1.5, 10)
    if task["code"] != 200:
        continue
    if task["data"]["successFlag"] == 1:
        print(task["data"]["response"]["resultImageUrl"])
        break
    if task["data"]["successFlag"] > 1:
        raise RuntimeError(f"{task['data']['errorCode']}: {task['data']['errorMessage']}")`;
}

export const SNIPPET_BUILDERS: Record<SnippetLanguage, (call: GenerateCall, target: SnippetTarget) => string> = {
  curl: curlGenerate,
  javascript: javascriptGenerate,
  python: pythonGenerate,
};
