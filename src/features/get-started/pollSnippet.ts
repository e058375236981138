/**
 * Step 4's call as JavaScript: one read of a task's record. The curl form is the playground's own
 * (curlTaskStatus); this file keeps the quick start's additions out of the landing page's chunk.
 */
import { taskStatusUrl, type SnippetTarget } from '../../domain/snippets';

export function javascriptTaskStatus(taskId: string, target: SnippetTarget): string {
  return `const API_KEY = ${JSON.stringify(target.apiKey)};

const task = await fetch(${JSON.stringify(taskStatusUrl(target.baseUrl, taskId))}, {
  headers: { Authorization: \`Bearer \${API_KEY}\` },
}).then((response) => response.json());

// successFlag: 0 generating, 1 success, 2 task creation failed, 3 generation failed
console.log(task.data.successFlag, task.data.response?.resultImageUrl);`;
}
